import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';
import type { ErrorBody } from '../error-forms.ts';
import { absoluteLinks, errorFormFor, originOf, renderError } from '../error-forms.ts';

/** Fastify's own client-fault codes, answered as 400 INVALID_REQUEST (never 413/415, never 500). */
const BODY_FAULTS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty but Content-Type is application/json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is larger than the limit',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Content-Type must be application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Content-Length does not match the body',
};

function toErrorBody(error: FastifyError | Error, bodyLimit: number): ErrorBody {
  if (error instanceof AppError) {
    return { status: error.status, code: error.code, message: error.message, details: error.details, extra: error.extra };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const where = (error as FastifyError).validationContext ?? 'body';
    const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || where;
    const missing = first?.message?.includes('received undefined');
    return {
      status: 400,
      code: 'INVALID_REQUEST',
      message: `Invalid ${where}: ${field}: ${first?.message ?? 'invalid value'}`,
      details: { parameter: field, reason: missing ? 'required' : 'invalid', location: where },
    };
  }
  const code = (error as FastifyError).code;
  if (code && code in BODY_FAULTS) {
    const details: Record<string, unknown> = { parameter: 'body', reason: code.slice('FST_ERR_CTP_'.length).toLowerCase() };
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') details.limit_bytes = bodyLimit;
    return { status: 400, code: 'INVALID_REQUEST', message: BODY_FAULTS[code], details };
  }
  const status = (error as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) {
    // Only Fastify's own messages are written for clients; any other library's may name internals.
    const message = code?.startsWith('FST_') ? error.message : 'Bad request';
    return { status: 400, code: 'INVALID_REQUEST', message, details: {} };
  }
  if (isUnstorableText(error)) {
    return { status: 400, code: 'INVALID_REQUEST', message: 'A value in the request cannot be stored (NUL or unpaired surrogate)', details: { reason: 'invalid_character' } };
  }
  // Anything else is our fault: a fixed message; SQL, parameters and class names stay in the (redacted) log.
  return { status: 500, code: 'SERVER_ERROR', message: 'Internal server error', details: {} };
}

/**
 * Postgres refusing a NUL or an unpaired surrogate (22021, 22P05): the caller's value, so a 400.
 * The input guard refuses these first; this keeps a path it misses from answering 500.
 */
function isUnstorableText(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === '22021' || code === '22P05') return true;
  }
  return false;
}

/** The one place that turns errors into the spec's three body forms. */
export const errorHandler = fp(async (app: FastifyInstance, opts: { bodyLimit: number }) => {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const parsed = toErrorBody(error, opts.bodyLimit);
    const body = { ...parsed, details: absoluteLinks(parsed.details, originOf(request)) };
    if (body.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.code, message: body.message }, 'request refused');
    const retryAfter = body.extra?.retry_after;
    if (typeof retryAfter === 'number') reply.header('Retry-After', String(retryAfter));
    return reply.status(body.status).send(renderError(errorFormFor(request), request, body));
  });

  app.setNotFoundHandler((request, reply) => {
    const body: ErrorBody = {
      status: 404,
      code: 'NOT_FOUND',
      message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
      details: {},
    };
    // Under /v0.1/ a client of the official registry API reads `{error: string}` (a name sent with a bare '/' lands here).
    const path = request.url.split('?')[0] ?? '';
    return reply.status(404).send(renderError(path.startsWith('/v0.1/') ? 'plain' : 'nested', request, body));
  });
});
