import { validateArguments } from '../../domain/validate-arguments.ts';
import { usage } from './failure.ts';

type Schema = Record<string, unknown>;

/**
 * The arguments of `exec`: `--args '{...}'` (a JSON object), then each `--arg key=value` on top,
 * its value read as the type the tool's inputSchema gives that key, then the whole checked
 * against the schema with the service's own rule (domain/validate-arguments.ts). Any problem
 * is a usage error (exit 2) before a request is sent.
 */
export function toolArguments(toolName: string, schema: Schema, json: string | undefined, pairs: string[]): Record<string, unknown> {
  const args: Record<string, unknown> = json === undefined ? {} : parseObject(json);
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw usage(`--arg takes key=value, got "${pair}"`);
    const key = pair.slice(0, eq);
    args[key] = coerce(key, pair.slice(eq + 1), typesOf(properties[key]));
  }
  const problem = validateArguments(schema, args);
  if (problem) throw usage(`invalid arguments for ${toolName}: ${problem.message}`);
  return args;
}

function parseObject(json: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    throw usage(`--args is not JSON: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw usage('--args must be a JSON object, e.g. --args \'{"message": "hi"}\'');
  return value as Record<string, unknown>;
}

/** The JSON types a property may take: `type`, the types of its `enum` values, or of its `anyOf`/`oneOf` branches. */
function typesOf(property: Schema | undefined): string[] {
  if (!property) return [];
  if (typeof property.type === 'string') return [property.type];
  if (Array.isArray(property.type)) return property.type as string[];
  if (Array.isArray(property.enum)) return [...new Set((property.enum as unknown[]).map(jsonType))];
  const branches = (property.anyOf ?? property.oneOf) as Schema[] | undefined;
  return Array.isArray(branches) ? [...new Set(branches.flatMap(typesOf))] : [];
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/**
 * The first reading of `raw` that one of `types` accepts; a string only as the last resort, so
 * `count=3` is 3 where the schema allows a number. Unknown keys stay strings (the schema check
 * then says whether they are allowed).
 */
function coerce(key: string, raw: string, types: string[]): unknown {
  if (types.length === 0) return raw;
  const ordered = [...types.filter((t) => t !== 'string'), ...types.filter((t) => t === 'string')];
  for (const type of ordered) {
    const value = readAs(type, raw);
    if (value !== NO) return value;
  }
  throw usage(`--arg ${key}: "${raw}" is not ${types.map((t) => (/^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`)).join(' or ')}`);
}

const NO = Symbol('no reading');

function readAs(type: string, raw: string): unknown {
  const text = raw.trim();
  switch (type) {
    case 'string':
      return raw;
    case 'integer':
      return /^-?\d+$/.test(text) ? Number(text) : NO;
    case 'number':
      return text !== '' && Number.isFinite(Number(text)) ? Number(text) : NO;
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : NO;
    case 'null':
      return text === 'null' ? null : NO;
    case 'object':
    case 'array': {
      try {
        const value: unknown = JSON.parse(text);
        return jsonType(value) === type ? value : NO;
      } catch {
        return NO;
      }
    }
    default:
      return NO;
  }
}
