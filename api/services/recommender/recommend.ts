import type { Database } from '../../../db/client.ts';
import { catalogSize, enabledServers, loadCandidates } from '../../../db/recommender/candidates.ts';
import type { ServerCandidate } from '../../../db/recommender/candidates.ts';
import { rank } from './rank.ts';
import type { RankedServer, RankedTool } from './rank.ts';
import { terms } from './terms.ts';

const round = (x: number) => Math.round(x * 1000) / 1000;

/** Credential variables a server says it needs (registry `authentication`). */
export function credentialsOf(server: ServerCandidate): { vars: string[]; setupUrl?: string } | undefined {
  const auth = server.authentication as { required?: boolean; env_var?: string; env_vars?: string[]; setup_url?: string } | null;
  if (!auth || auth.required === false) return undefined;
  const vars = auth.env_vars ?? (auth.env_var ? [auth.env_var] : []);
  return vars.length ? { vars, setupUrl: auth.setup_url } : undefined;
}

/** Ranked servers and tools for a query: the shared core of /recommender and /agent/execute. */
export async function rankForQuery(db: Database, query: string, userId: string | null, limit: number) {
  const queryTerms = terms(query);
  const [candidates, enabled] = await Promise.all([loadCandidates(db, queryTerms, userId), enabledServers(db, userId)]);
  const ranked = rank(queryTerms, candidates.servers, candidates.tools);
  const servers = ranked.servers.slice(0, limit);
  const chosen = new Set(servers.map((s) => s.server.name));
  // Tools of the recommended servers first: a plan should not send the user to a fourth server.
  const tools = [...ranked.tools.filter((t) => chosen.has(t.tool.name)), ...ranked.tools.filter((t) => !chosen.has(t.tool.name))].slice(0, limit * 2);
  return { queryTerms, servers, tools, enabled, authenticated: userId !== null };
}

function steps(servers: RankedServer[], tools: RankedTool[], enabled: Set<string>, authenticated: boolean): string[] {
  const out: string[] = [];
  if (!authenticated) out.push('Get an API key and send it as "Authorization: Bearer <API_KEY>"');
  for (const { server } of servers) {
    if (!enabled.has(server.name)) out.push(`Enable ${server.displayName}: POST /mcp_servers/toggle {"server":"${server.name}","enabled":true}`);
    const credentials = credentialsOf(server);
    if (credentials) out.push(`Configure ${credentials.vars.join(', ')} for ${server.displayName}${credentials.setupUrl ? ` (${credentials.setupUrl})` : ''}`);
  }
  for (const { tool } of tools.slice(0, 3)) {
    out.push(`Call ${tool.name}/${tool.tool}: POST /v1/execute_tool {"tool_name":"${tool.name}/${tool.tool}","params":{...}}${tool.toolDescription ? ` — ${tool.toolDescription}` : ''}`);
  }
  return out;
}

/** POST /recommender. */
export async function recommend(db: Database, query: string, userId: string | null, limit: number) {
  const r = await rankForQuery(db, query, userId, limit);
  if (!r.servers.length && !r.tools.length) {
    return {
      status: 'no_match' as const,
      query,
      servers: [],
      tools: [],
      steps: [],
      cta: ['Browse the registry: GET /mcp_registry', 'Search tools directly: GET /v2/retrieve_tools?query=...'],
      details: { terms: r.queryTerms, servers: [], tools: [] },
    };
  }
  const top = r.servers[0]?.server;
  const cta = [
    ...(top && !r.enabled.has(top.name) ? [`Enable ${top.displayName}`] : []),
    ...(top ? [`View ${top.displayName} in the registry: GET /mcp_registry/${top.name}`] : []),
    ...(r.tools[0] ? [`Try ${r.tools[0].tool.name}/${r.tools[0].tool.tool}`] : []),
  ];
  return {
    status: 'ok' as const,
    query,
    servers: r.servers.map((s) => s.server.name),
    tools: r.tools.map((t) => `${t.tool.name}/${t.tool.tool}`),
    steps: steps(r.servers, r.tools, r.enabled, r.authenticated),
    cta,
    details: {
      terms: r.queryTerms,
      servers: r.servers.map((s) => ({
        name: s.server.name,
        display_name: s.server.displayName,
        category: s.server.category,
        score: round(s.score),
        enabled: r.enabled.has(s.server.name),
      })),
      tools: r.tools.map((t) => ({ name: t.tool.tool, server: t.tool.name, description: t.tool.toolDescription, score: round(t.score) })),
    },
  };
}

export const EXAMPLE_QUERIES = [
  { query: 'create a github issue for a failing build', description: 'version control and CI' },
  { query: 'query a postgres database', description: 'databases' },
  { query: 'send a message to a slack channel', description: 'messaging' },
  { query: 'read and write files in a folder', description: 'local files' },
  { query: 'check error rates of my service', description: 'monitoring' },
];

/** GET /recommender/examples: fixed example queries, each with what the catalog recommends for it today. */
export async function examples(db: Database) {
  const results = await Promise.all(EXAMPLE_QUERIES.map((e) => rankForQuery(db, e.query, null, 3)));
  return {
    examples: EXAMPLE_QUERIES.map((e, i) => ({ ...e, servers: results[i].servers.map((s) => s.server.name) })),
    total: EXAMPLE_QUERIES.length,
  };
}

/** POST /recommender/status. */
export async function recommenderStatus(db: Database) {
  const size = await catalogSize(db);
  return {
    status: size.servers > 0 ? ('ready' as const) : ('empty' as const),
    method: 'term-match' as const,
    servers_indexed: size.servers,
    tools_indexed: size.tools,
    catalog_updated_at: size.updatedAt ? new Date(size.updatedAt).toISOString() : null,
  };
}
