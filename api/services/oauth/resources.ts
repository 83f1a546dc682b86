/**
 * What a token of Switchboard's authorization server is for (RFC 8707): exactly one resource,
 * `<base>/mcp` (the MCP face), `<base>/mcp/packs/{id}` (one pack's endpoint) or `<base>` (the
 * REST API). A request is served only with a token issued for the resource it reaches.
 */
const PACK_PATH = /^\/mcp\/packs\/([^/?#]+)/;

/** The resource a request path belongs to, on this base URL. */
export function resourceOfPath(base: string, path: string): string {
  const pack = PACK_PATH.exec(path);
  if (pack) return `${base}/mcp/packs/${pack[1]}`;
  if (path === '/mcp' || path.startsWith('/mcp/')) return `${base}/mcp`;
  return base;
}

/**
 * The resource a client asked for, when it is one of ours: the same shapes as above, nothing
 * else (no query, no fragment, no other path). A trailing slash on the REST base is the base.
 */
export function knownResource(base: string, asked: string): string | undefined {
  let url: URL;
  try {
    url = new URL(asked);
  } catch {
    return undefined;
  }
  if (url.origin !== base || url.search || url.hash || url.username || url.password) return undefined;
  const path = url.pathname;
  if (path === '/' || path === '') return base;
  if (path === '/mcp') return `${base}/mcp`;
  const pack = /^\/mcp\/packs\/([A-Za-z0-9._~-]{1,200})$/.exec(path);
  return pack ? `${base}/mcp/packs/${pack[1]}` : undefined;
}

/** What a token may do. `admin` is never granted: nothing an OAuth client holds reaches the admin routes. */
export const SCOPES = ['search', 'run', 'jobs'] as const;
export type Scope = (typeof SCOPES)[number];

/** The scopes of a request: known ones only, deduplicated, in a stable order; all three when none is asked. */
export function parseScope(asked: string | undefined): { scope: string } | { unknown: string[] } {
  const words = (asked ?? '').split(' ').filter(Boolean);
  if (words.length === 0) return { scope: SCOPES.join(' ') };
  const unknown = words.filter((word) => !(SCOPES as readonly string[]).includes(word));
  if (unknown.length) return { unknown };
  return { scope: SCOPES.filter((s) => words.includes(s)).join(' ') };
}

/** The MCP tools each scope opens (api/mcp-face/server/tools.ts names them). */
const TOOL_SCOPES: Record<string, Scope> = {
  retrieve_tools: 'search',
  get_tool: 'search',
  list_servers: 'search',
  execute_tool: 'run',
  submit_job: 'run',
  run_agent: 'run',
  get_job: 'jobs',
  cancel_job: 'jobs',
};

/** The scope a tool needs; `run` for any tool not listed (the stricter reading). */
export const scopeOfTool = (name: string): Scope => TOOL_SCOPES[name] ?? 'run';

/**
 * The REST operations an OAuth token may reach, by the scope each needs (route as OpenAPI spells
 * it), mirroring TOOL_SCOPES: reading and searching the catalog is `search`, running a tool or an
 * agent (a job submitted included) `run`, following or cancelling runs `jobs`. Any other route
 * (keys, account, webhooks, credentials, connections, billing, analytics, admin) no scope opens:
 * an OAuth client acts for a person on tools, never on their account.
 */
const REST_SCOPES: Record<string, Scope> = {
  ...Object.fromEntries(
    [
      'GET /retrieve_tools', 'GET /v1/retrieve_tools', 'POST /v1/retrieve_tools', 'GET /v2/retrieve_tools', 'POST /recommender', 'GET /recommender/examples',
      'GET /tools', 'GET /v1/tools', 'GET /v1/tools/{tool_name}', 'GET /tools/registry', 'GET /tools/registry/{tool_name}', 'GET /tools/categories', 'GET /tools/capabilities',
      'GET /v1/servers', 'GET /mcp_servers', 'GET /mcp_registry', 'GET /mcp_registry/{name}', 'GET /packs', 'GET /packs/{pack_id}', 'GET /packs/{pack_id}/servers',
      'GET /capabilities', 'GET /v2/capabilities',
    ].map((route) => [route, 'search' as const]),
  ),
  ...Object.fromEntries(['POST /execute_tool', 'POST /v1/execute_tool', 'POST /jobs/submit', 'POST /agent/execute'].map((route) => [route, 'run' as const])),
  ...Object.fromEntries(
    ['GET /jobs', 'GET /jobs/{job_id}', 'GET /jobs/{job_id}/stream', 'DELETE /jobs/{job_id}', 'GET /agent/runs/{run_id}', 'GET /agent/runs/{run_id}/stream', 'DELETE /agent/runs/{run_id}'].map(
      (route) => [route, 'jobs' as const],
    ),
  ),
};

/** The scope a REST route needs (its Fastify pattern, `:param`), or undefined when no OAuth token may use it. */
export const scopeOfRoute = (method: string, route: string): Scope | undefined => REST_SCOPES[`${method} ${route.replace(/:([A-Za-z_]+)/g, '{$1}')}`];
