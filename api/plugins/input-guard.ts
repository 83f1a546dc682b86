import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';

/**
 * Bad input is a 400 before it reaches code that can fail on it (DESIGN.md, decision 10), as
 * one rule for every route instead of per-route checks:
 * - JSON nested deeper than MAX_JSON_DEPTH is refused while the body is still a string, so no
 *   recursive code (the parser's prototype scan, zod, ajv, jsonb encoding) ever sees it;
 * - a NUL or an unpaired surrogate in any string (or key) of params, query or body is refused
 *   naming the field: Postgres cannot store either in text or jsonb, and no field of the spec
 *   needs them.
 */
export const MAX_JSON_DEPTH = 64;

const BAD_CHAR = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const hasBadChar = (text: string) => BAD_CHAR.test(text);

/** Named as Fastify's validation errors name them (`validationContext`), so both read alike. */
type Location = 'params' | 'querystring' | 'body';
const SOURCE = { params: 'params', querystring: 'query', body: 'body' } as const;

function refuse(location: Location, field: string, reason: 'invalid_character' | 'too_deep'): AppError {
  const what =
    reason === 'too_deep'
      ? `JSON nested deeper than ${MAX_JSON_DEPTH} levels`
      : 'must not contain NUL characters or unpaired UTF-16 surrogates';
  const details: Record<string, unknown> = { parameter: field, reason, location };
  if (reason === 'too_deep') details.max_depth = MAX_JSON_DEPTH;
  return new AppError('INVALID_REQUEST', `Invalid ${location}: ${field}: ${what}`, details);
}

/** Printable path segment: a key that itself holds a bad character is shown with it escaped. */
const segment = (key: string) => JSON.stringify(key).slice(1, -1);

/**
 * The path of the first string or key holding a bad character, or null. Iterative, so the
 * depth already checked is the only bound it needs.
 */
export function findBadString(value: unknown, root: string): string | null {
  const stack: Array<[unknown, string]> = [[value, root]];
  while (stack.length) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (hasBadChar(current)) return path;
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push([current[i], path ? `${path}.${i}` : String(i)]);
    } else if (current && typeof current === 'object') {
      const entries = Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i];
        const childPath = path ? `${path}.${segment(key)}` : segment(key);
        if (hasBadChar(key)) return childPath;
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}

/** Nesting depth of a JSON text, counted on the raw characters (strings skipped), stopping past `limit`. */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  if (text.length <= limit) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > limit) return true;
    } else if (c === 125 || c === 93) depth--;
  }
  return false;
}

function checkStrings(request: FastifyRequest, location: Location) {
  const value = request[SOURCE[location]];
  if (value === undefined || value === null) return;
  const field = findBadString(value, '');
  if (field !== null) throw refuse(location, field || location, 'invalid_character');
}

/** The JSON value of a raw body, for the string check only; the route reports bad JSON itself. */
function parsedOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export const inputGuard = fp(async (app: FastifyInstance) => {
  // Fastify's own JSON parser (prototype-poisoning protection kept), behind the depth check.
  // It is the callback kind (calls `done`, returns nothing); Fastify declares the union of the
  // callback and promise kinds, which would leave a promise that is never there to await.
  const parseJson = app.getDefaultJsonParser('error', 'error') as (request: FastifyRequest, body: string, done: (err: Error | null, body?: unknown) => void) => void;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      done(refuse('body', 'body', 'too_deep'), undefined);
      return;
    }
    parseJson(request, text, done);
  });
  // Params and query before authentication and rate limiting, which read them (`?api_key=`).
  app.addHook('onRequest', async (request) => {
    checkStrings(request, 'params');
    checkStrings(request, 'querystring');
  });
  app.addHook('preValidation', async (request) => {
    // A route that keeps its body raw (the billing webhook signs the bytes) parses it later itself.
    if (typeof request.body === 'string') {
      if (jsonDepthExceeds(request.body, MAX_JSON_DEPTH)) throw refuse('body', 'body', 'too_deep');
      const field = findBadString(parsedOrNull(request.body), '');
      if (field !== null) throw refuse('body', field || 'body', 'invalid_character');
      return;
    }
    checkStrings(request, 'body');
  });
});
