import type { FastifyRequest } from 'fastify';

/**
 * The spec's three error body forms (Errors → Error body forms), plus the root execution
 * route's: the nested error beside the tool and a status (spec, Execution and jobs).
 */
export type ErrorForm = 'envelope' | 'nested' | 'plain' | 'execution';

export interface ErrorBody {
  status: number;
  code: string;
  message: string;
  details: Record<string, unknown>;
  extra?: Record<string, unknown>;
}

export const REASON_PHRASES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/**
 * Which form a route answers in, when the route does not say (decisions.md): /v1 routes use
 * the envelope, the two plain retrieval routes the plain form, everything else the nested form.
 */
export function errorFormFor(request: FastifyRequest): ErrorForm {
  return errorFormOf(request.url.split('?')[0], request.routeOptions.config?.errorForm);
}

/** The same rule from a path alone: the OpenAPI document describes each route's errors with it. */
export function errorFormOf(path: string, declared?: ErrorForm): ErrorForm {
  if (declared) return declared;
  if (path.startsWith('/v1/')) return 'envelope';
  // The official MCP Registry API's `{error: string}` (issue 38, item 3) is the plain form's first field.
  if (path === '/retrieve_tools' || path === '/v2/retrieve_tools' || path.startsWith('/v0.1/')) return 'plain';
  return 'nested';
}

export function meta(request: FastifyRequest) {
  return { request_id: request.id, timestamp: new Date().toISOString() };
}

export function renderError(form: ErrorForm, request: FastifyRequest, error: ErrorBody): Record<string, unknown> {
  const inner = { code: error.code, message: error.message, details: error.details, ...error.extra };
  if (form === 'envelope') return { success: false, error: inner, meta: meta(request) };
  if (form === 'execution') {
    // Every failure of that route, 429 and body validation included: the tool as asked, if any.
    const tool = (request.body as { tool?: unknown } | undefined)?.tool;
    return { tool: typeof tool === 'string' ? tool : null, status: error.status === 504 ? 'timeout' : 'error', error: inner };
  }
  if (form === 'plain') {
    return { error: REASON_PHRASES[error.status] ?? 'Error', message: error.message, code: error.code, ...error.extra };
  }
  return { error: inner };
}

/**
 * Links a service names by path (CREDENTIALS_REQUIRED's `setup_url`: it knows no origin) made
 * absolute with the address the caller reached us at, as the device login's links are.
 */
export function absoluteLinks(details: Record<string, unknown>, origin: string): Record<string, unknown> {
  const link = details.setup_url;
  return typeof link === 'string' && link.startsWith('/') ? { ...details, setup_url: `${origin}${link}` } : details;
}

/** The address a request reached us at: scheme and host (X-Forwarded-* only from TRUSTED_PROXIES). */
export const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** The v1 success envelope. */
export function envelope<T>(request: FastifyRequest, data: T) {
  return { success: true as const, data, meta: meta(request) };
}
