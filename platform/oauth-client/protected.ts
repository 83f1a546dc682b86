import type { Database } from '../../db/client.ts';
import { markProtected } from '../../db/oauth-client/connections.ts';
import { discoverProtectedResource } from './discovery.ts';
import { oauthFetch } from './fetch.ts';
import { oauthTargetOf } from './target.ts';
import type { ServerRow } from './target.ts';

/** Whether an MCP client error, or a cause of it, is an HTTP 401 (the SDK's StreamableHTTPError and SseError carry the status as `code`). */
export function isUnauthorized(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === 401) return true;
  }
  return false;
}

/**
 * A server that answered the operator's tools/list with 401: when discovery (RFC 9728, 8414)
 * succeeds on it, it is recorded as asking for OAuth, so users see `needs_credentials` and a
 * connect action before anyone has connected, and its health is not marked down for want of a
 * token the operator cannot have. False when it is not remote or discovery fails.
 */
export async function discoverOnChallenge(db: Database, serverKey: string, row: ServerRow, allowPrivate: boolean): Promise<boolean> {
  const target = oauthTargetOf(row, allowPrivate);
  if (!target) return false;
  try {
    const found = await discoverProtectedResource(target.url, oauthFetch(target.policy));
    await markProtected(db, serverKey, { resource: found.resource, issuer: found.issuer });
    return true;
  } catch {
    return false;
  }
}
