import type { CallArgs, Method, PathOf, ResponseOf } from './contract.ts';
import { readServiceError } from './error-forms.ts';
import { clearSession, currentToken } from './session.ts';

/**
 * One error for every failed call, whichever of the spec's error forms the route answers in
 * (envelope, nested, plain, execution): the page shows `message` and marks `field`.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
    /** The request field the service names as wrong: `argument` of INVALID_ARGUMENTS or details.parameter. */
    readonly field?: string,
    /** Extra top-level fields of the error object (retry_after, upgrade hints...). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Query = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** A credential other than the session token (the sign-in page sends the API key). */
  token?: string;
}

export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

export function requestHeaders(token: string | undefined, json: boolean): Headers {
  const headers = new Headers({ accept: 'application/json', 'x-agent-source': 'dashboard' });
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (json) headers.set('content-type', 'application/json');
  return headers;
}

/**
 * Calls the service's REST interface (same origin) and answers the parsed body, or throws ApiError.
 * Untyped: pages call `api` below, typed by the operation; this serves what the contract leaves
 * out (the OpenAPI document itself).
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = options.token ?? currentToken();
  let response: Response;
  try {
    response = await fetch(withQuery(path, options.query), {
      method: options.method ?? 'GET',
      headers: requestHeaders(token, options.body !== undefined),
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', 'The service cannot be reached. Check that it is running and try again.');
  }
  const text = await response.text();
  const body: unknown = text ? safeJson(text) : undefined;
  if (response.ok) return body as T;
  const failure = errorOf(response.status, body);
  // An expired or revoked session: back to the sign-in page (not for the sign-in call itself).
  if (response.status === 401 && !options.token) clearSession('expired');
  throw failure;
}

/** `/webhooks/{webhook_id}` with its parameters filled in, each encoded as one segment. */
function fill(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params?.[name])));
}

/** What the console adds to an operation's input. */
type ConsoleOptions = Pick<RequestOptions, 'signal' | 'token'>;

function typedCall<M extends Method>(method: M) {
  return <P extends PathOf<M>>(path: P, ...[options]: CallArgs<P, M, ConsoleOptions>): Promise<ResponseOf<P, M>> => {
    const { params, ...rest } = (options ?? {}) as RequestOptions & { params?: Record<string, unknown> };
    // The body is trusted to be what the route's response schema says (the service serializes
    // through that schema): the types come from the contract, not from a check here.
    return request<ResponseOf<P, M>>(fill(path, params), { ...rest, method: method.toUpperCase() as RequestOptions['method'] });
  };
}

/**
 * The REST calls, typed from the service's OpenAPI document: `api.get('/jobs/{job_id}',
 * { params: { job_id } })` takes that operation's parameters, query and body and answers its
 * success body.
 */
export const api = { get: typedCall('get'), post: typedCall('post'), put: typedCall('put'), patch: typedCall('patch'), delete: typedCall('delete') };

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function errorOf(status: number, body: unknown): ApiError {
  const { code, message, details, field, extra } = readServiceError(body);
  return new ApiError(status, code ?? `HTTP_${status}`, message ?? `The service answered ${status}`, details ?? {}, field, extra);
}
