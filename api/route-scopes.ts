import type { FastifyContextConfig } from 'fastify';

/** A route as declared: what the audit below reads (recorded by api/app.ts's onRoute hook). */
export interface DeclaredRoute {
  method: string;
  url: string;
  config: FastifyContextConfig;
}

/**
 * Routes anyone may call with no rate scope, each with the reason (issue 33, item 7). Counting a
 * request is a database upsert: for a cheap, bounded read it would cost as much as the answer.
 * A route that searches, writes, runs or embeds is never on this list.
 */
export const UNMETERED_ANONYMOUS_ROUTES: Readonly<Record<string, string>> = {
  'GET /health': 'load balancers poll it; a fixed set of dependency checks',
  'GET /health/ready': 'load balancers poll it; reads in-process state',
  'GET /openapi.json': 'a document built once',
  'GET /docs*': 'the static reference page and its assets',
  'GET /console*': 'static files of the web console',
  'GET /.well-known/*': 'OAuth metadata from configuration: protected resources, the authorization server, OpenID discovery',
  'GET /oauth/jwks': 'a constant, empty key set',
  'GET /billing/plans': 'a constant table',
  'GET /oauth/client-metadata.json': 'our OAuth client metadata document: constant but for the origin',
};

const exempt = (key: string) =>
  Object.keys(UNMETERED_ANONYMOUS_ROUTES).some((entry) => (entry.endsWith('*') ? key.startsWith(entry.slice(0, -1)) : key === entry));

/** HEAD follows its GET; OPTIONS is a CORS preflight (api/plugins/mcp-cors.ts): constant headers, no body, no database. */
const NO_WORK = new Set(['HEAD', 'OPTIONS']);

/** Reachable without credentials: the auth levels of endpoints.tsv that let an anonymous caller in. */
const ANONYMOUS = new Set(['none', 'optional']);

/**
 * The routes an anonymous caller reaches with no rate scope and no entry in the list above:
 * empty when every one is metered. HEAD follows its GET.
 */
export function unmeteredAnonymousRoutes(routes: readonly DeclaredRoute[]): string[] {
  return routes
    .filter((r) => !NO_WORK.has(r.method) && ANONYMOUS.has(r.config.auth ?? 'none') && !r.config.rateScope)
    .map((r) => `${r.method} ${r.url}`)
    .filter((key) => !exempt(key));
}
