/**
 * Arguments for a tool made from its input schema alone, or null when its schema asks for
 * something a guess cannot satisfy (a required object of unknown shape, a file the server must
 * find). Only what is required is filled: the smallest call the tool should accept.
 */
export function sampleArguments(schema: unknown): Record<string, unknown> | null {
  const s = (schema ?? {}) as { properties?: Record<string, unknown>; required?: string[] };
  const out: Record<string, unknown> = {};
  for (const name of s.required ?? []) {
    const value = sampleValue(name, s.properties?.[name], 0);
    if (value === undefined) return null;
    out[name] = value;
  }
  return out;
}

function sampleValue(name: string, schema: unknown, depth: number): unknown {
  const s = (schema ?? {}) as {
    type?: string | string[];
    enum?: unknown[];
    default?: unknown;
    examples?: unknown[];
    minimum?: number;
    properties?: Record<string, unknown>;
    required?: string[];
    format?: string;
  };
  if (s.default !== undefined) return s.default;
  if (Array.isArray(s.enum) && s.enum.length) return s.enum[0];
  if (Array.isArray(s.examples) && s.examples.length) return s.examples[0];
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'string':
      return stringFor(name, s.format);
    case 'integer':
    case 'number':
      return typeof s.minimum === 'number' ? Math.max(s.minimum, 1) : 1;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object': {
      if (depth > 2) return undefined;
      const out: Record<string, unknown> = {};
      for (const key of s.required ?? []) {
        const value = sampleValue(key, s.properties?.[key], depth + 1);
        if (value === undefined) return undefined;
        out[key] = value;
      }
      return out;
    }
    default:
      return undefined;
  }
}

/** A string that fits what its name asks for, where the name says (a time zone, a date, a URL). */
function stringFor(name: string, format: string | undefined): string {
  if (format === 'date-time') return '2026-01-01T00:00:00Z';
  if (format === 'date' || /date/i.test(name)) return '2026-01-01';
  if (format === 'uri' || /url|uri/i.test(name)) return 'https://example.com/';
  if (/timezone|time_zone|tz/i.test(name)) return 'Europe/Paris';
  if (/expression|expr|formula/i.test(name)) return '1+1';
  return 'test';
}
