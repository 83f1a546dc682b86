import type { FastifySchema, RouteOptions } from 'fastify';
import { z } from 'zod';
import { errorFormOf, REASON_PHRASES } from '../error-forms.ts';
import type { ErrorForm } from '../error-forms.ts';
import { ERROR_STATUS } from '../errors.ts';
import type { ErrorCode } from '../errors.ts';
import { envelopeMeta } from '../schemas.ts';

/*
 * The error answers of every route, for the OpenAPI document only: the error handler renders
 * them (api/plugins/error-handler.ts), so they are never put into the runtime response schemas
 * (whose serializer would then parse, and could refuse, an error body). schemathesis checks
 * that what the service answers matches what is written here (test/contract/).
 */

type RouteLike = Pick<RouteOptions, 'url' | 'config'>;

const WHY: Record<number, string> = {
  400: 'Bad Request: a parameter, the body or a tool argument is invalid, or a plan allowance is reached',
  401: 'Unauthorized: credentials missing or invalid',
  403: 'Forbidden: the credentials do not allow this',
  404: 'Not Found: the resource does not exist (or is not visible to the caller)',
  409: 'Conflict: it exists already, or was completed already',
  429: 'Too Many Requests: rate limit reached; retry after error.retry_after seconds',
  500: 'Internal Server Error (or EXECUTION_ERROR: the tool failed)',
  502: 'Bad Gateway: a remote server or its authorization server failed (OAuth connections)',
  503: 'Service Unavailable: a dependency of this route is not configured or not reachable',
  504: 'Gateway Timeout: the tool did not finish within the time-out',
};

function codesFor(status: number): [ErrorCode, ...ErrorCode[]] {
  const codes = (Object.keys(ERROR_STATUS) as ErrorCode[]).filter((code) => ERROR_STATUS[code] === status);
  if (codes.length === 0) throw new Error(`No error code has HTTP status ${status} (api/errors.ts)`);
  return codes as [ErrorCode, ...ErrorCode[]];
}

/** The error object of the nested and envelope forms; extra fields (retry_after, argument) stay open. */
function errorObject(status: number, codes: [ErrorCode, ...ErrorCode[]]) {
  const base = z.looseObject({ code: z.enum(codes), message: z.string(), details: z.record(z.string(), z.unknown()) });
  return status === 429 ? base.extend({ retry_after: z.number().int().min(1) }) : base;
}


/** One error body schema per form (spec, Errors → Error body forms; docs/decisions.md). */
export function errorBodySchema(form: ErrorForm, status: number, codes = codesFor(status)): z.ZodType {
  const error = errorObject(status, codes);
  const description = WHY[status] ?? REASON_PHRASES[status] ?? 'Error';
  switch (form) {
    case 'envelope':
      return z.object({ success: z.literal(false), error, meta: envelopeMeta }).meta({ description });
    case 'plain': {
      const plain = z.looseObject({ error: z.literal(REASON_PHRASES[status] ?? 'Error'), message: z.string(), code: z.enum(codes) });
      return (status === 429 ? plain.extend({ retry_after: z.number().int().min(1) }) : plain).meta({ description });
    }
    case 'execution':
      return z.object({ tool: z.string().nullable(), status: z.enum(['error', 'timeout']), error }).meta({ description });
    default:
      return z.object({ error }).meta({ description });
  }
}

/**
 * The error statuses of a route from its config: 400 and 500 everywhere (any input can be
 * malformed; any route can fail), 401 where a credential is read, 403 where a level above
 * "optional" is checked, 404 where the path names a resource, 429 where a rate scope counts,
 * plus what the route declares itself (`config.errorStatuses`).
 */
export function errorStatuses(route: RouteLike): number[] {
  const config = route.config ?? {};
  const auth = config.auth ?? 'none';
  const statuses = new Set<number>([400, 500]);
  if (auth !== 'none') statuses.add(401);
  if (auth === 'required' || auth === 'user' || auth === 'admin') statuses.add(403);
  if (/[:*]/.test(route.url)) statuses.add(404);
  if (config.rateScope) statuses.add(429);
  for (const status of config.errorStatuses ?? []) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}

const ANY_SUCCESS = z.unknown().meta({ description: 'Success (the body is not described yet)' });

/**
 * The route's schema as the OpenAPI document shows it: its declared responses, plus every
 * error status in the route's form. A route that declares no success response gets a bare
 * 2XX, so adding its errors does not drop the success answer from the document.
 */
export function documentedSchema(schema: FastifySchema | undefined, route: RouteLike): FastifySchema {
  const declared = (schema?.response ?? {}) as Record<string, unknown>;
  const response: Record<string, unknown> = { ...declared };
  if (!Object.keys(declared).some((status) => status.startsWith('2'))) response['2xx'] = ANY_SUCCESS;
  const config = route.config ?? {};
  const form = errorFormOf(route.url, config.errorForm);
  for (const status of errorStatuses(route)) {
    // A 429 says the route's own code (the root execution route: RATE_LIMIT_EXCEEDED).
    const codes = status === 429 ? ([config.rateLimitCode ?? 'RATE_LIMITED'] as [ErrorCode]) : undefined;
    if (!(String(status) in response)) response[status] = errorBodySchema(form, status, codes);
  }
  return { ...schema, response };
}
