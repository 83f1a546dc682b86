import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import type { Plan } from '../schema/index.ts';
import { rawRows } from '../jobs/raw-rows.ts';
import { protectedAmong } from '../oauth-client/connections.ts';

/** What the registry knows of one server: the health check's verdict, how it is launched, what it needs. */
export interface ServerFacts {
  name: string;
  /** connected | disconnected | error | unknown (the scheduled health check, db/registry/runtime.ts). */
  status: string;
  lastError: string | null;
  /** The stored launch config. It may hold secrets: read in memory only, never returned or logged. */
  launch: unknown;
  authentication: Record<string, unknown> | null;
  ownerUserId: string | null;
  /** Names of the caller's own credentials stored for this server (never values). */
  credentialsSet?: string[];
  /** The server asks for OAuth: each user runs it only with a connection of their own (issue 36). */
  oauthProtected?: boolean;
  /** The package's install on this service, for a catalog package: absent when never tried. */
  install?: { status: string; installMs: number | null };
}

/** Runs of one tool: the last `RECENT_RUNS` of the last week, and this user's successes in the last 30 days. */
export interface RunFacts {
  server: string;
  tool: string;
  recentRuns: number;
  recentFailures: number;
  userSuccesses: number;
}

/**
 * What the user's retrieval scope reads, as of this statement (api/services/retrieval/scope-cache.ts
 * checks a kept scope against it): enabled servers, custom servers' internal names, active space.
 */
export interface ScopeRows {
  enabledServers: string[];
  ownServers: string[];
  space: { provider: string | null; model: string | null; reembeddedAt: string | null } | null;
}

export interface AvailabilityFacts {
  /** The user's plan; null without a user. */
  plan: Plan | null;
  /** The user's scope rows; absent without a user (or when the facts could not be read). */
  scope?: ScopeRows;
  servers: Map<string, ServerFacts>;
  /** Keyed `server/tool`. */
  runs: Map<string, RunFacts>;
}

/** Runs a tool's "keeps failing" is judged on: the most recent ones, within the last 7 days. */
export const RECENT_RUNS = 20;

/** What `availability_facts` answers: one JSON object, snake_case as the rows are. */
interface FactsJson {
  plan: Plan | null;
  servers: Array<{ name: string; status: string; last_error: string | null; launch: unknown; authentication: Record<string, unknown> | null; owner_user_id: string | null }> | null;
  runs: Array<{ server: string; tool: string; recent_runs: number; recent_failures: number; user_successes: number }> | null;
  enabled_servers: string[] | null;
  own_servers: string[] | null;
  space: { provider: string | null; model: string | null; reembedded_at: string | null } | null;
}

/**
 * Everything the availability stage of a retrieval needs about its candidates, in ONE statement
 * (docs/retrieval.md "Availability"): the servers' health, launch and authentication rows, the
 * user's plan, and per candidate tool its recent runs (tool_runs, all users, through the
 * `(server, tool, created_at)` index) and this user's successful runs; and the user's scope rows
 * (api/services/retrieval/scope.ts reads the same rows). The statement is the database function
 * `availability_facts` (migration 0013), whose plan is kept between retrievals.
 */
export async function availabilityFacts(
  db: Database,
  input: { userId: string | null; servers: string[]; tools: Array<{ server: string; tool: string }> },
): Promise<AvailabilityFacts> {
  // The caller's credential names and the packages' installs beside the facts function, in parallel.
  const [[found], credentials, installs, oauth] = await Promise.all([
    rawRows<{ facts: FactsJson | null }>(
      db,
      sql`select availability_facts(${JSON.stringify(input.tools)}::jsonb, ${JSON.stringify(input.servers)}::jsonb, ${input.userId}::uuid, ${RECENT_RUNS}::int) as facts`,
    ),
    input.userId && input.servers.length ? credentialNames(db, input.userId, input.servers) : new Map<string, string[]>(),
    input.servers.length ? packageInstallsOf(db, input.servers) : new Map<string, { status: string; installMs: number | null }>(),
    protectedAmong(db, input.servers),
  ]);
  const row = found?.facts;
  const facts: AvailabilityFacts = { plan: row?.plan ?? null, servers: new Map(), runs: new Map() };
  if (input.userId && row) {
    const space = row.space ? { provider: row.space.provider, model: row.space.model, reembeddedAt: row.space.reembedded_at } : null;
    facts.scope = { enabledServers: row.enabled_servers ?? [], ownServers: row.own_servers ?? [], space };
  }
  for (const s of row?.servers ?? []) {
    facts.servers.set(s.name, {
      name: s.name,
      status: s.status,
      lastError: s.last_error,
      launch: s.launch,
      authentication: s.authentication,
      ownerUserId: s.owner_user_id,
      credentialsSet: credentials.get(s.name) ?? [],
      install: installs.get(s.name),
      oauthProtected: oauth.has(s.name),
    });
  }
  for (const r of row?.runs ?? []) {
    facts.runs.set(`${r.server}/${r.tool}`, { server: r.server, tool: r.tool, recentRuns: r.recent_runs, recentFailures: r.recent_failures, userSuccesses: r.user_successes });
  }
  return facts;
}

/** The names (never values) of the user's stored credentials, by server, among `servers`. */
async function credentialNames(db: Database, userId: string, servers: string[]): Promise<Map<string, string[]>> {
  const rows = await rawRows<{ server: string; names: string[] }>(
    db,
    sql`select server_name as server, array_agg(name) as names from server_credentials where user_id = ${userId}::uuid and server_name in (select jsonb_array_elements_text(${JSON.stringify(servers)}::jsonb)) group by server_name`,
  );
  return new Map(rows.map((r) => [r.server, r.names]));
}

/**
 * Where the install of each catalog server's package stands (package_installs, keyed as the
 * package store keys it: PyPI names normalized, PEP 503), by server, among `servers`.
 */
async function packageInstallsOf(db: Database, servers: string[]): Promise<Map<string, { status: string; installMs: number | null }>> {
  const rows = await rawRows<{ server: string; status: string; install_ms: number | null }>(
    db,
    sql`select s.name as server, pi.status, pi.install_ms
        from mcp_servers s
        join package_installs pi
          on pi.registry = s.launch->'package'->>'registry'
         and pi.version = s.launch->'package'->>'version'
         and pi.name = case when s.launch->'package'->>'registry' = 'pypi'
                            then lower(regexp_replace(s.launch->'package'->>'name', '[-_.]+', '-', 'g'))
                            else s.launch->'package'->>'name' end
        where s.name in (select jsonb_array_elements_text(${JSON.stringify(servers)}::jsonb))`,
  );
  return new Map(rows.map((r) => [r.server, { status: r.status, installMs: r.install_ms }]));
}

/**
 * Every server and every tool the availability facts can say anything about: all registry
 * servers, and the tools run in the last 30 days (the facts function's longest window; a tool
 * without runs there has no run facts). The embedded mode's kept facts read these at once
 * (api/services/retrieval/facts-cache.ts), so that any later candidate is known.
 */
export async function everyFactsSubject(db: Database): Promise<{ servers: string[]; tools: Array<{ server: string; tool: string }> }> {
  const [servers, tools] = await Promise.all([
    rawRows<{ name: string }>(db, sql`select name from mcp_servers`),
    rawRows<{ server: string; tool: string }>(db, sql`select distinct server, tool from tool_runs where created_at > now() - interval '30 days'`),
  ]);
  return { servers: servers.map((s) => s.name), tools };
}
