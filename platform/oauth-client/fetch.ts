import { boundedFetch, createGuardedFetch } from '../../mcp/index.ts';
import type { FetchLike } from '../../mcp/index.ts';

/** An OAuth document or token answer larger than this is refused unread: none needs more. */
export const OAUTH_MAX_RESPONSE_BYTES = 64 * 1024;
/** One discovery, registration or token request; an AS slower than this is treated as down. */
export const OAUTH_REQUEST_TIMEOUT_MS = 10_000;

export interface OAuthFetchPolicy {
  /** ALLOW_PRIVATE_WEBHOOK_TARGETS: every target may be private. */
  allowPrivate: boolean;
  /**
   * The origin of a server the operator chose (an admin entry): it may be private, as its MCP
   * connection may. Every other origin a hostile metadata document names (its AS, a token
   * endpoint elsewhere) is still checked, so an admin entry cannot be used to reach the rest.
   */
  trustedOrigin?: string | null;
}

// Module-wide, so keep-alive agents are shared by every OAuth request of the process.
const guarded = createGuardedFetch({ allowPrivate: false });
const open = createGuardedFetch({ allowPrivate: true });

/**
 * The fetch of every OAuth request we make to a remote server's authorization server: the one
 * guarded connect path (decisions.md), redirects never followed, each answer read only up to
 * OAUTH_MAX_RESPONSE_BYTES, each request bounded in time. Its answers are parsed by the SDK's
 * zod schemas; nothing of them is trusted before that.
 */
export function oauthFetch(policy: OAuthFetchPolicy): FetchLike {
  // Past the cap the body errors (MessageTooLargeError): the parse that reads it fails, nothing more to do.
  const refuse = () => {};
  const bounded = (base: FetchLike) => boundedFetch(OAUTH_MAX_RESPONSE_BYTES, refuse, base);
  const viaGuard = bounded(guarded);
  const viaOpen = bounded(open);
  return async (input, init = {}) => {
    const url = new URL(input instanceof URL ? input.href : String(input));
    const base = policy.allowPrivate || (policy.trustedOrigin && url.origin === policy.trustedOrigin) ? viaOpen : viaGuard;
    const signal = init.signal ? AbortSignal.any([init.signal, AbortSignal.timeout(OAUTH_REQUEST_TIMEOUT_MS)]) : AbortSignal.timeout(OAUTH_REQUEST_TIMEOUT_MS);
    return base(url, { ...init, signal });
  };
}
