/**
 * The MCP spec's redirect URI rules (authorization 2025-11-25, "Communication Security"):
 * https, or http on a loopback address for native clients; never a fragment, never userinfo.
 * Answers what is wrong, or undefined.
 */
export function redirectUriProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not an absolute URL';
  }
  if (url.hash || value.includes('#')) return 'must not have a fragment';
  if (url.username || url.password) return 'must not carry credentials';
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && isLoopback(url.hostname)) return undefined;
  return 'must be https, or http on a loopback address (127.0.0.1, [::1], localhost)';
}

const isLoopback = (host: string) => host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);

/**
 * Whether a redirect URI of a request is one the client registered: the exact string, except
 * that a loopback http address may use any port (RFC 8252 section 7.3, OAuth 2.1 section 8.4.2:
 * a native app learns its port only when it listens).
 */
export function isRegisteredRedirect(registered: readonly string[], asked: string): boolean {
  if (registered.includes(asked)) return true;
  let url: URL;
  try {
    url = new URL(asked);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' || !isLoopback(url.hostname)) return false;
  const portless = (u: URL) => `${u.protocol}//${u.hostname}${u.pathname}${u.search}`;
  return registered.some((entry) => {
    try {
      const known = new URL(entry);
      return known.protocol === 'http:' && portless(known) === portless(url);
    } catch {
      return false;
    }
  });
}
