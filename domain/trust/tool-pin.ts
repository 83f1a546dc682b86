import { createHash } from 'node:crypto';

/** A tool definition as a server lists it: every field a client is shown, so every field is pinned. */
export interface ToolDefinition {
  name: string;
  title?: string | null;
  description?: string | null;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown> | null;
  annotations?: Record<string, unknown> | null;
}

/**
 * JSON with every object's keys sorted, so two listings of the same definition hash alike
 * whatever order a server's serializer wrote its keys in. Arrays keep their order (it is
 * meaningful: `required`, `enum`); `undefined` members are dropped as JSON.stringify does.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** The pinned fields only, absent and null alike (a server that starts sending `title: null` has not changed). */
export function pinnedFields(tool: ToolDefinition): ToolDefinition {
  return {
    name: tool.name,
    title: tool.title ?? null,
    description: tool.description ?? null,
    inputSchema: tool.inputSchema,
    outputSchema: tool.outputSchema ?? null,
    annotations: tool.annotations ?? null,
  };
}

/** An input schema as an object schema: a top-level `$ref` into its own definitions inlined, `type: object` (MCP requires it; omitted means the same). */
function objectSchema(raw: unknown): { [key: string]: unknown; type: 'object' } {
  const schema = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const ref = typeof schema.$ref === 'string' ? /^#\/(definitions|\$defs)\/(.+)$/.exec(schema.$ref) : null;
  const defs = ref ? (schema[ref[1]!] as Record<string, Record<string, unknown>> | undefined) : undefined;
  const target = ref && defs?.[ref[2]!];
  if (!target) return { ...schema, type: 'object' };
  const { $ref: _ref, ...rest } = schema;
  return { ...rest, ...target, type: 'object' };
}

export interface DocumentedDefinition {
  name: string;
  description: string;
  inputSchema: { [key: string]: unknown; type: 'object' };
}

/**
 * A tool as a document keeps it (the bundled catalog, a registry's documented tools): name,
 * trimmed description and an object input schema; no title, output schema or annotations. The
 * catalog build writes this form, and the pin check knows a documented pin by it.
 */
export function documentedDefinition(tool: { name: string; description?: string | null; inputSchema?: unknown }): DocumentedDefinition {
  return { name: tool.name, description: (tool.description ?? '').trim(), inputSchema: objectSchema(tool.inputSchema) };
}

/** Most serializations remembered; cleared when full (a refresh lists the same few thousand tools again and again). */
const MEMO_MAX = 20_000;
const memo = new Map<string, string>();

/**
 * sha256 of the canonical JSON of the pinned fields: what a pin stores and a listing is compared
 * with. Memoized by the plain serialization (native, ~10x faster than the canonical walk): a
 * server lists the same definitions in the same key order each time, so a refresh of an
 * unchanged server skips the canonical walk (bench/trust.ts: the pin check's share per listing).
 */
export function definitionHash(tool: ToolDefinition): string {
  const fields = pinnedFields(tool);
  const plain = JSON.stringify(fields);
  const known = memo.get(plain);
  if (known) return known;
  const hash = createHash('sha256').update(canonicalJson(fields)).digest('hex');
  if (memo.size >= MEMO_MAX) memo.clear();
  memo.set(plain, hash);
  return hash;
}
