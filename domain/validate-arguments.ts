import { Ajv } from 'ajv';
import type { ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { linearRegExp } from './linear-regexp.ts';

/** A rejected argument: which one, and why, in words a caller can act on. */
export interface ArgumentProblem {
  argument: string;
  message: string;
}

// ajv-formats ships CommonJS with a default export; under ESM it may arrive wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv) => Ajv;
// strict: false because MCP servers publish schemas with keywords ajv does not know. Patterns
// come from any server, so they run on RE2, not V8's backtracking engine (linear-regexp.ts).
// (ajv-formats' `regex` format only compiles the argument with V8, it never matches with it.)
const ajv = addFormats(new Ajv({ strict: false, allErrors: false, validateSchema: false, code: { regExp: linearRegExp } }));
const compiled = new Map<string, ValidateFunction>();
const MAX_CACHED = 1_000;

function validatorFor(schema: Record<string, unknown>): ValidateFunction {
  const key = JSON.stringify(schema);
  let validate = compiled.get(key);
  if (!validate) {
    // $schema names a draft (often 2020-12) this ajv instance has no meta-schema for; the
    // keywords tool schemas use are the same in every draft we meet.
    const { $schema: _draft, $id: _id, ...rest } = schema;
    validate = ajv.compile(rest);
    if (compiled.size >= MAX_CACHED) compiled.clear();
    compiled.set(key, validate);
  }
  return validate;
}

/**
 * Checks tool arguments against the tool's inputSchema (DESIGN.md 5); returns the first
 * problem or undefined. A schema ajv cannot compile is not the caller's fault: no check.
 */
export function validateArguments(schema: Record<string, unknown>, args: Record<string, unknown>): ArgumentProblem | undefined {
  let validate: ValidateFunction;
  try {
    validate = validatorFor(schema);
  } catch {
    return undefined;
  }
  if (validate(args)) return undefined;
  const error = validate.errors?.[0];
  if (!error) return { argument: '', message: 'Arguments do not match the tool input schema' };
  const path = error.instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (error.keyword === 'required') {
    const missing = String((error.params as { missingProperty?: string }).missingProperty ?? '');
    const argument = path ? `${path}.${missing}` : missing;
    return { argument, message: `Missing required argument "${argument}"` };
  }
  if (error.keyword === 'additionalProperties') {
    const extra = String((error.params as { additionalProperty?: string }).additionalProperty ?? '');
    const argument = path ? `${path}.${extra}` : extra;
    return { argument, message: `Unknown argument "${argument}"` };
  }
  return { argument: path, message: `Argument "${path}" ${error.message ?? 'is invalid'}` };
}
