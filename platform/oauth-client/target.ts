import { launchKind, operatorChosen } from '../../domain/launch.ts';
import type { OAuthFetchPolicy } from './fetch.ts';

/** A stored server row as far as OAuth needs it: how it is launched and who chose its URL. */
export interface ServerRow {
  launch: unknown;
  source: string;
  ownerRole: string | null;
}

/**
 * The URL of a remote (HTTP) server and how far its OAuth requests may reach, or null for a
 * server that is not remote (stdio, a catalog package): the API's connect and the worker's
 * discovery on a 401 read it alike. The operator's own entry may be private at its own origin.
 */
export function oauthTargetOf(row: ServerRow, allowPrivate: boolean): { url: string; policy: OAuthFetchPolicy } | null {
  const launch = (row.launch ?? null) as { type?: unknown; url?: unknown } | null;
  const kind = launchKind(launch);
  const remote = (kind === 'config' && launch?.type !== 'stdio') || kind === 'catalog-remote';
  if (!remote || typeof launch?.url !== 'string') return null;
  return { url: launch.url, policy: { allowPrivate, trustedOrigin: operatorChosen(row) ? new URL(launch.url).origin : null } };
}
