import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import type { Plan } from '../schema/index.ts';
import { rawRows } from '../jobs/raw-rows.ts';

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

/**
 * Everything the availability stage of a retrieval needs about its candidates, in ONE statement
 * (docs/retrieval.md "Availability"): the servers' health, launch and authentication rows, the
 * user's plan, and per candidate tool its recent runs (tool_runs, all users, through the
 * `(server, tool, created_at)` index) and this user's successful runs; and the user's scope rows.
 */
export async function availabilityFacts(db: Database, input: { userId: string | null; servers: string[]; tools: Array<{ server: string; tool: string }> }): Promise<AvailabilityFacts> {
  const wanted = JSON.stringify(input.tools);
  const servers = JSON.stringify(input.servers);
  const [row] = await rawRows<{
    plan: Plan | null;
    servers: Array<{ name: string; status: string; last_error: string | null; launch: unknown; authentication: Record<string, unknown> | null; owner_user_id: string | null }> | null;
    runs: Array<{ server: string; tool: string; recent_runs: number; recent_failures: number; user_successes: number }> | null;
    enabled_servers: string[] | null;
    own_servers: string[] | null;
    space: { provider: string | null; model: string | null; reembedded_at: string | null } | null;
  }>(
    db,
    sql`
    with wanted as (
      select distinct w.server, w.tool from jsonb_to_recordset(${wanted}::jsonb) as w(server text, tool text)
    ),
    runs as (
      select r.server, r.tool, r.status, r.user_id, r.created_at,
        row_number() over (partition by r.server, r.tool order by r.created_at desc) as rn
      from tool_runs r join wanted w on r.server = w.server and r.tool = w.tool
      where r.created_at > now() - interval '30 days'
    )
    select
      (select u.plan from users u where u.id = ${input.userId}::uuid) as plan,
      (select json_agg(json_build_object('name', s.name, 'status', s.status, 'last_error', s.last_error,
          'launch', s.launch, 'authentication', s.authentication, 'owner_user_id', s.owner_user_id))
        from mcp_servers s where s.name in (select jsonb_array_elements_text(${servers}::jsonb))) as servers,
      (select json_agg(x) from (
        select server, tool,
          (count(*) filter (where rn <= ${RECENT_RUNS} and created_at > now() - interval '7 days'))::int as recent_runs,
          (count(*) filter (where rn <= ${RECENT_RUNS} and created_at > now() - interval '7 days' and status <> 'completed'))::int as recent_failures,
          (count(*) filter (where user_id = ${input.userId}::uuid and status = 'completed'))::int as user_successes
        from runs group by server, tool) x) as runs,
      -- The user's scope (api/services/retrieval/scope.ts reads the same rows): index lookups in
      -- this statement instead of a round trip of their own.
      (select json_agg(us.server_name order by us.server_name) from user_servers us
        where us.user_id = ${input.userId}::uuid and us.enabled) as enabled_servers,
      (select json_agg(s.name order by s.name) from mcp_servers s where s.owner_user_id = ${input.userId}::uuid) as own_servers,
      (select json_build_object('provider', e.active_provider, 'model', e.active_model, 'reembedded_at', e.reembedded_at)
        from embedding_settings e where e.user_id = ${input.userId}::uuid) as space
  `,
  );
  const facts: AvailabilityFacts = { plan: row?.plan ?? null, servers: new Map(), runs: new Map() };
  if (input.userId && row) {
    const space = row.space ? { provider: row.space.provider, model: row.space.model, reembeddedAt: row.space.reembedded_at } : null;
    facts.scope = { enabledServers: row.enabled_servers ?? [], ownServers: row.own_servers ?? [], space };
  }
  for (const s of row?.servers ?? []) {
    facts.servers.set(s.name, { name: s.name, status: s.status, lastError: s.last_error, launch: s.launch, authentication: s.authentication, ownerUserId: s.owner_user_id });
  }
  for (const r of row?.runs ?? []) {
    facts.runs.set(`${r.server}/${r.tool}`, { server: r.server, tool: r.tool, recentRuns: r.recent_runs, recentFailures: r.recent_failures, userSuccesses: r.user_successes });
  }
  return facts;
}
