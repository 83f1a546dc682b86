import type { FetchLike } from './guarded-fetch.ts';

/** Where a user's session to an OAuth-protected server gets its token (platform/oauth-client/bearer.ts). */
export interface BearerTokens {
  /** The token for the next request (refreshed first when about to expire). */
  current(): Promise<string>;
  /** A token the server answered 401 to: a refreshed one, or a throw when the connection is gone. */
  afterRejected(token: string): Promise<string>;
  /** A 403 `insufficient_scope` with the scope the server asks: throws when re-authorizing with it may help. */
  afterForbidden?(scope: string): Promise<void>;
}

/** The scope a 403 names when the token lacks it (RFC 6750 section 3.1, MCP 2025-11-25 step-up); null for any other 403. */
export function insufficientScope(response: Response): string | null {
  const header = response.headers.get('www-authenticate') ?? '';
  if (!/\berror="?insufficient_scope"?/i.test(header)) return null;
  return /\bscope="([^"]{1,2000})"/i.exec(header)?.[1] ?? null;
}

function authorized(init: RequestInit, token: string): RequestInit {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${token}`);
  return { ...init, headers };
}

/**
 * Every request of a session carries the user's own token, read per request so a refresh
 * reaches a session already open; a 401 gets one refresh and one retry (MCP 2025-11-25: a
 * token may be revoked or expire early); a 403 asking a scope not granted ends in a reconnect
 * (step-up). Whatever Authorization a launch config set is
 * replaced: only the user's token for this server goes upstream, never a client's own.
 */
export function bearerFetch(base: FetchLike, tokens: BearerTokens): FetchLike {
  return async (url, init = {}) => {
    const token = await tokens.current();
    const first = await base(url, authorized(init, token));
    const wider = first.status === 403 ? insufficientScope(first) : null;
    if (wider !== null && tokens.afterForbidden) {
      await tokens.afterForbidden(wider).catch(async (error: unknown) => {
        await first.body?.cancel().catch(() => {});
        throw error;
      });
      return first;
    }
    if (first.status !== 401) return first;
    await first.body?.cancel().catch(() => {});
    return base(url, authorized(init, await tokens.afterRejected(token)));
  };
}
