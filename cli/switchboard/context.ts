import { CredentialStore, credentialsPath } from './credentials.ts';
import { usage } from './failure.ts';
import type { Connection } from './http.ts';
import { Output } from './output.ts';

export const DEFAULT_URL = 'http://127.0.0.1:3000';

/** The options every command takes (main.ts declares them). */
export interface GlobalOptions {
  url?: string;
  key?: string;
  json?: boolean;
}

export interface Context {
  conn: Connection;
  out: Output;
  store: CredentialStore;
  /** How the URL was chosen, for whoami. */
  urlSource: 'flag' | 'env' | 'login' | 'default';
}

/**
 * The service and credential of one run. URL: --url, else SWITCHBOARD_URL, else the service
 * of the last `login`, else the default. Credential: --key, else SWITCHBOARD_API_KEY, else the
 * stored login for that URL.
 */
export async function contextOf(options: GlobalOptions, env: NodeJS.ProcessEnv = process.env): Promise<Context> {
  const store = new CredentialStore(credentialsPath(env));
  const stored = await store.read();
  const [rawUrl, urlSource] = options.url
    ? [options.url, 'flag' as const]
    : env.SWITCHBOARD_URL
      ? [env.SWITCHBOARD_URL, 'env' as const]
      : stored.current_url
        ? [stored.current_url, 'login' as const]
        : [DEFAULT_URL, 'default' as const];
  const url = normalizeUrl(rawUrl);
  const conn: Connection = { url };
  if (options.key) conn.credential = { token: options.key, source: 'flag' };
  else if (env.SWITCHBOARD_API_KEY) conn.credential = { token: env.SWITCHBOARD_API_KEY, source: 'env' };
  else {
    const login = stored.logins[url];
    if (login) conn.credential = { token: login.access_token, source: 'login', expiresAt: login.expires_at ?? undefined };
  }
  return { conn, out: new Output(Boolean(options.json)), store, urlSource };
}

export function normalizeUrl(raw: string): string {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw usage(`--url must be an http(s) URL, got "${raw}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw usage(`--url must be an http(s) URL, got "${raw}"`);
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
}
