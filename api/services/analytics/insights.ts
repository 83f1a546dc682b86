import { toolErrorRows, toolInsightRows } from '../../../db/analytics/insights.ts';
import type { Database } from '../../../db/client.ts';
import { shownServerName } from '../../../db/registry/server-keys.ts';
import { iso, period, rate } from './period.ts';

/**
 * GET /observability/tool-insights: per-tool calls, success rate and latency over runs the
 * service executed and calls clients reported. With credentials the caller's own calls
 * (their custom servers and reported calls included); without, every user's runs of public
 * servers only — no private server, no client-reported row (decisions.md, "Tool insights, anonymous view").
 */
export async function toolInsights(
  db: Database,
  userId: string | null,
  query: { days: number; tool?: string; server?: string; limit: number },
) {
  const { since, body } = period(query.days);
  const [rows, errors] = await Promise.all([
    toolInsightRows(db, { since, userId, tool: query.tool, server: query.server, limit: query.limit }),
    toolErrorRows(db, since, userId),
  ]);
  let calls = 0;
  let successes = 0;
  const tools = rows.map((r) => {
    calls += r.calls;
    successes += r.successes;
    return {
      tool: r.tool,
      // An owned server's key shows as its owner's chosen name (decisions.md, "Custom server names per owner").
      server: r.server ? shownServerName(r.server) : null,
      calls: r.calls,
      successes: r.successes,
      failures: r.calls - r.successes,
      success_rate: rate(r.successes, r.calls),
      avg_duration_ms: r.avg_ms,
      p50_duration_ms: r.p50_ms,
      p95_duration_ms: r.p95_ms,
      last_used_at: iso(r.last_at),
      sources: { service: r.service_calls, client: r.client_calls },
      top_errors: errors
        .filter((e) => e.tool === r.tool && e.server === r.server)
        .slice(0, 3)
        .map((e) => ({ code: e.code, count: e.n })),
    };
  });
  return { scope: userId ? ('user' as const) : ('global' as const), period: body, tools, totals: { calls, success_rate: rate(successes, calls) } };
}
