/*
 * Which operations of an OpenAPI document leave their success body undescribed: no 2xx answer
 * at all, or a 2xx whose media type carries no schema, or only an empty one (what
 * api/plugins/openapi-responses.ts puts where a route declares no success schema). A 2xx with
 * no content (a 204) describes its empty body and counts as described.
 */

interface Media {
  schema?: Record<string, unknown>;
}
interface Operation {
  responses?: Record<string, { content?: Record<string, Media> }>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);
/** Keywords that say something about a value; a schema with none of them admits anything. */
const SHAPING = ['type', '$ref', 'anyOf', 'oneOf', 'allOf', 'const', 'enum', 'not', 'properties', 'items'];

const describes = (schema: Record<string, unknown> | undefined) => schema !== undefined && SHAPING.some((key) => key in schema);

/** "METHOD /path: why" for every operation without a described success body. */
export function undescribedSuccess(doc: OpenApiDocument): string[] {
  const problems: string[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const label = `${method.toUpperCase()} ${path}`;
      const successes = Object.entries(op.responses ?? {}).filter(([status]) => status.startsWith('2'));
      if (successes.length === 0) problems.push(`${label}: no 2xx answer`);
      for (const [status, response] of successes) {
        for (const [type, media] of Object.entries(response.content ?? {})) {
          if (!describes(media.schema)) problems.push(`${label}: ${status} ${type} has no schema`);
        }
      }
    }
  }
  return problems.sort();
}
