import type { CallArgs, Method, PathOf, ResponseOf } from '../../contracts/openapi.d.ts';
import { readServiceError } from '../../console/src/api/error-forms.ts';
import { EXIT, Failure } from './failure.ts';
import type { ExitCode } from './failure.ts';

/** Where a credential came from: it changes what an auth failure tells the user to do. */
export type CredentialSource = 'flag' | 'env' | 'login';

export interface Connection {
  /** The service root, without a trailing slash. */
  url: string;
  credential?: { token: string; source: CredentialSource; expiresAt?: number };
}

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /** `required` refuses to send the request without a credential (exit 3 before any traffic). */
  auth?: 'required' | 'optional' | 'none';
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Builds the full URL of a path with its query (undefined values left out). */
export function urlOf(conn: Connection, path: string, query: RequestOptions['query'] = {}): URL {
  const url = new URL(`${conn.url}${path}`);
  for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, String(value));
  return url;
}

/** The Authorization header for a request, or a Failure (exit 3) when one is needed and missing. */
export function authHeaders(conn: Connection, auth: RequestOptions['auth'] = 'required'): Record<string, string> {
  if (auth === 'none') return {};
  if (!conn.credential) {
    if (auth === 'optional') return {};
    throw new Failure(`not logged in to ${conn.url}: run \`switchboard login\`, or pass --key / SWITCHBOARD_API_KEY`, EXIT.auth);
  }
  const { expiresAt } = conn.credential;
  if (expiresAt !== undefined && expiresAt * 1000 <= Date.now()) {
    throw new Failure(`your login to ${conn.url} expired at ${new Date(expiresAt * 1000).toLocaleString()}: run \`switchboard login\` again`, EXIT.auth);
  }
  return { authorization: `Bearer ${conn.credential.token}` };
}

/** fetch, with a network failure turned into exit 5 naming the address. */
export async function send(conn: Connection, url: URL, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason = cause?.code ?? cause?.message ?? (error as Error).message;
    throw new Failure(`cannot reach the service at ${conn.url} (${reason}); is it running? (\`npm start\`, or --url / SWITCHBOARD_URL)`, EXIT.unreachable);
  }
}

/** What the CLI adds to an operation's input. */
type CliOptions = Pick<RequestOptions, 'auth' | 'headers' | 'signal'>;

/**
 * One call of the service, typed from its OpenAPI document (contracts/openapi.d.ts):
 * `call(conn, 'get', '/jobs/{job_id}', { params: { job_id } })` takes that operation's path
 * parameters, query and body and answers its success body; a non-2xx answer becomes a Failure.
 */
export function call<M extends Method, P extends PathOf<M>>(conn: Connection, method: M, path: P, ...[options]: CallArgs<P, M, CliOptions>): Promise<ResponseOf<P, M>> {
  const { params, ...rest } = (options ?? {}) as RequestOptions & { params?: Record<string, unknown> };
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params?.[name])));
  // Trusted to be what the route's response schema says (the service serializes through it).
  return request<ResponseOf<P, M>>(conn, method.toUpperCase(), filled, rest);
}

/** One JSON request to a path as given; a non-2xx answer becomes a Failure carrying the service's code and message. */
export async function request<T>(conn: Connection, method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...authHeaders(conn, options.auth), ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await send(conn, urlOf(conn, path, options.query), {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  const text = await response.text();
  const payload = parseJson(text);
  if (!response.ok) throw failureOf(conn, response.status, payload, text);
  return payload as T;
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** An error answer, in whichever of the service's forms (read by the console's reader of them), as a Failure. */
export function failureOf(conn: Connection, status: number, payload: unknown, text = ''): Failure {
  const said = readServiceError(payload);
  const { code, details } = said;
  const message = said.message ?? (text.slice(0, 200) || `HTTP ${status}`);
  let shown = code ? `${message} (${code})` : message;
  const toolError = (details as { tool_error?: unknown } | undefined)?.tool_error;
  if (typeof toolError === 'string' && !message.includes(toolError)) shown += `: ${toolError}`;
  if (status === 401 && conn.credential?.source === 'login') shown += ' — run `switchboard login` again';
  // CREDENTIALS_REQUIRED: where the values are set, and the command that sets them here.
  const setup = details as { setup_url?: unknown; server?: unknown; missing?: unknown } | undefined;
  if (typeof setup?.setup_url === 'string' && Array.isArray(setup.missing)) {
    shown += `\nSet them at ${setup.setup_url}, or: ${setup.missing.map((name) => `switchboard servers credentials set ${String(setup.server)} ${String(name)}`).join('; ')}`;
  }
  return new Failure(shown, exitCodeOf(status), { status, code, details });
}

function exitCodeOf(status: number): ExitCode {
  if (status === 401 || status === 403) return EXIT.auth;
  if (status === 404) return EXIT.notFound;
  // The service is up but cannot serve now (starting, shutting down): as good as unreachable.
  if (status === 503) return EXIT.unreachable;
  if (status === 400) return EXIT.usage;
  return EXIT.failed;
}
