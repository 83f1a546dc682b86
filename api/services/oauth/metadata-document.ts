import { createGuardedFetch } from '../../../mcp/index.ts';
import type { FetchLike } from '../../../mcp/index.ts';
import { findClient, saveClient } from '../../../db/oauth/oauth.ts';
import type { OAuthClientRow } from '../../../db/schema/index.ts';
import type { AppDeps } from '../../context.ts';
import { OAuthError } from './errors.ts';
import { checkClientMetadata } from './registration.ts';

/** A metadata document is small; anything larger is refused unread (draft-ietf-oauth-client-id-metadata-document: 5 KB is typical). */
export const MAX_DOCUMENT_BYTES = 16 * 1024;
export const FETCH_TIMEOUT_MS = 5_000;
/** A document is fetched again after this: a client that changed its redirect URIs is not held to the old ones for ever. */
const REFRESH_AFTER_MS = 60 * 60 * 1000;

/** Whether a client_id is a metadata document's address (an https URL with a path), not a registered id. */
export function isMetadataDocumentId(clientId: string): boolean {
  if (!clientId.startsWith('https://')) return false;
  try {
    const url = new URL(clientId);
    return url.pathname !== '/' && !url.hash && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** One guarded fetch per application (its policy and resolver), with its keep-alive sockets. */
const fetchers = new WeakMap<AppDeps, FetchLike>();

/**
 * The fetch of documents: the service's one guarded connect path (mcp/outbound-guard.ts), so a
 * client_id pointing at a private address (the cloud metadata service, the database) is never
 * reached, DNS rebinding included; redirects are never followed.
 */
function fetcherFor(deps: AppDeps): FetchLike {
  let fetcher = fetchers.get(deps);
  if (!fetcher) {
    fetcher = createGuardedFetch({ allowPrivate: deps.config.OAUTH_CIMD_ALLOW_PRIVATE, ...(deps.dnsLookup ? { resolve: deps.dnsLookup } : {}) });
    fetchers.set(deps, fetcher);
  }
  return fetcher;
}

/** Reads at most `max` bytes of a body; more is a refusal (the rest is never read). */
async function readBounded(response: Response, max: number, signal: AbortSignal): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > max) throw new Error('too large');
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    if (signal.aborted) throw new Error('timed out');
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > max) {
      await reader.cancel();
      throw new Error('too large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Fetches and checks a Client ID Metadata Document. The document is hostile until checked: its
 * `client_id` must be its own URL, its redirect URIs must obey the MCP rules, its size and time
 * are bounded. Every failure is `invalid_client` naming the class of failure, never the body.
 */
async function fetchDocument(deps: AppDeps, clientId: string) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), FETCH_TIMEOUT_MS);
  try {
    let text: string;
    try {
      const response = await fetcherFor(deps)(clientId, { headers: { accept: 'application/json' }, signal: controller.signal });
      if (response.status !== 200) throw new Error(`answered ${response.status}`);
      text = await readBounded(response, MAX_DOCUMENT_BYTES, controller.signal);
    } catch (error) {
      const reason = controller.signal.aborted ? 'timed out' : error instanceof Error && /too large|answered/.test(error.message) ? error.message : 'could not be fetched';
      throw new OAuthError('invalid_client', `The client metadata document ${reason}`, 401);
    }
    let document: unknown;
    try {
      document = JSON.parse(text);
    } catch {
      throw new OAuthError('invalid_client', 'The client metadata document is not JSON', 401);
    }
    if ((document as { client_id?: unknown } | null)?.client_id !== clientId) {
      throw new OAuthError('invalid_client', 'The client metadata document names another client_id than its own URL', 401);
    }
    try {
      return checkClientMetadata(document);
    } catch (error) {
      throw new OAuthError('invalid_client', `The client metadata document is not acceptable: ${(error as Error).message}`, 401);
    }
  } finally {
    clearTimeout(timer);
  }
}

/** A client by id: registered, or a metadata document (fetched, or read from the store while fresh). */
export async function resolveClient(deps: AppDeps, clientId: string): Promise<OAuthClientRow | undefined> {
  const known = await findClient(deps.db, clientId);
  if (!isMetadataDocumentId(clientId)) return known?.kind === 'registered' ? known : undefined;
  if (known?.kind === 'metadata_document' && known.fetchedAt && Date.now() - known.fetchedAt.getTime() < REFRESH_AFTER_MS) return known;
  const metadata = await fetchDocument(deps, clientId);
  const row = { clientId, kind: 'metadata_document' as const, name: metadata.client_name?.trim() || null, redirectUris: metadata.redirect_uris, fetchedAt: new Date() };
  await saveClient(deps.db, row);
  return { ...row, createdAt: known?.createdAt ?? new Date() };
}
