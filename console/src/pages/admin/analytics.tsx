import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { api } from '../../api/client.ts';
import { DataTable } from '../../ui/data-table.tsx';
import type { Column } from '../../ui/data-table.tsx';
import { QueryView } from '../../ui/states.tsx';
import { AdminPage, useAdminEnabled } from './admin-page.tsx';
import { BarsChart, DailyChart } from './charts.tsx';
import { DaysPicker, useDays } from './days.tsx';
import { count, percent, whenIso } from '../../ui/format.ts';
import { fillDays } from './format.ts';
import { INSIGHTS_SCOPE, globalInsights } from './insights.ts';
import { InsightsTable } from './insights-table.tsx';
import { StatGrid } from './stat-grid.tsx';
import type { AnalyticsDashboard, SearchTrends } from './types.ts';

/** /admin/analytics: search trends and zero-result queries, the service's totals, per-tool insights. */
export function AnalyticsPage() {
  const days = useDays();
  const enabled = useAdminEnabled();
  const trends = useQuery({
    queryKey: ['admin', 'search-trends', days],
    queryFn: () => api.get('/mcp-analytics/analytics/search-trends', { query: { days, limit: 15 } }),
  });
  const dashboard = useQuery({
    queryKey: ['admin', 'analytics-dashboard', days],
    queryFn: () => api.get('/mcp-analytics/analytics/dashboard', { query: { days } }),
    enabled,
  });
  const insights = useQuery({ queryKey: ['admin', 'tool-insights', days], queryFn: () => globalInsights({ days }), enabled });

  return (
    <AdminPage title="Analytics" primary={trends} actions={<DaysPicker days={days} />}>
      <section aria-labelledby="search-trends">
        <h2 id="search-trends">Searches</h2>
        <QueryView query={trends}>{(t) => <SearchTrendsView trends={t} />}</QueryView>
      </section>
      {enabled && (
        <>
          <section aria-labelledby="service-totals">
            <h2 id="service-totals">Service</h2>
            <QueryView query={dashboard}>{(d) => <DashboardView dashboard={d} />}</QueryView>
          </section>
          <section aria-labelledby="tool-insights">
            <h2 id="tool-insights">Tools</h2>
            <p className="hint">{INSIGHTS_SCOPE}</p>
            <QueryView query={insights} isEmpty={(d) => d.tools.length === 0} empty="No tool was run in this period.">
              {(d) => <InsightsTable tools={d.tools} caption={`Tool calls in the last ${days} days`} />}
            </QueryView>
          </section>
        </>
      )}
    </AdminPage>
  );
}

const topQueryColumns: Column<SearchTrends['top_queries'][number]>[] = [
  { header: 'Query', rowHeader: true, cell: (q) => q.query },
  { header: 'Searches', cell: (q) => count(q.count) },
  { header: 'Average results', cell: (q) => q.avg_results ?? '—' },
  { header: 'Last searched', cell: (q) => whenIso(q.last_searched_at) },
];

function SearchTrendsView({ trends }: { trends: SearchTrends }) {
  const daily = fillDays(trends.period.from, trends.period.to, trends.daily, (date) => ({ date, searches: 0 }));
  const busiest = trends.daily.reduce<{ date: string; searches: number } | undefined>((best, d) => (!best || d.searches > best.searches ? d : best), undefined);
  const summary =
    trends.total_searches === 0
      ? `No searches in the last ${trends.period.days} days.`
      : `${count(trends.total_searches)} searches in the last ${trends.period.days} days` +
        (busiest ? `; the busiest day was ${busiest.date} with ${count(busiest.searches)}.` : '.');
  return (
    <>
      <StatGrid
        label="Search totals"
        items={[
          { label: 'Searches', value: count(trends.total_searches) },
          { label: 'Distinct queries', value: count(trends.unique_queries) },
          { label: 'Searchers', value: count(trends.unique_searchers) },
          { label: 'Zero-result queries', value: count(trends.zero_result_queries.length), hint: 'distinct, in this period' },
        ]}
      />
      <div className="admin-columns">
        <div>
          <h3>Searches per day</h3>
          <DailyChart rows={daily} series={[{ key: 'searches', label: 'Searches' }]} summary={summary} caption="Searches per day as a table" />
          <p className="hint">
            From retrievals {count(trends.by_origin.retrieval)}, logged queries {count(trends.by_origin.query_log)}, tracked searches {count(trends.by_origin.tracked)}.
          </p>
        </div>
        <div>
          <h3>Zero-result queries</h3>
          {trends.zero_result_queries.length === 0 ? (
            <p className="state state-empty">Every search found something.</p>
          ) : (
            <BarsChart
              rows={trends.zero_result_queries.map((q) => ({ name: q.query, value: q.count }))}
              label="Times searched"
              summary={`${trends.zero_result_queries.length} queries found nothing; the most frequent was “${trends.zero_result_queries[0].query}” (${trends.zero_result_queries[0].count}).`}
              caption="Zero-result queries as a table"
            />
          )}
        </div>
      </div>
      <h3>Top queries</h3>
      {trends.top_queries.length === 0 ? (
        <p className="state state-empty">No searches in this period.</p>
      ) : (
        <DataTable label="Top queries" columns={topQueryColumns} rows={trends.top_queries} rowKey={(q) => q.query} />
      )}
    </>
  );
}

function DashboardView({ dashboard: d }: { dashboard: AnalyticsDashboard }) {
  return (
    <>
      <StatGrid
        label="Service totals"
        items={[
          { label: 'Users', value: count(d.users.total), hint: `${d.users.new_in_period} new; ${d.users.by_plan.pro} pro, ${d.users.by_plan.enterprise} enterprise` },
          { label: 'Tool runs', value: count(d.executions.total), hint: `${d.executions.by_service} by the service, ${d.executions.reported_by_clients} reported` },
          { label: 'Run success', value: percent(d.executions.success_rate) },
          { label: 'Servers', value: count(d.servers.registry), hint: `${d.servers.custom} custom` },
        ]}
      />
      {d.top_servers.length > 0 && (
        <>
          <h3>Most used servers</h3>
          <ol className="admin-ranking">
            {d.top_servers.map((s) => (
              <li key={s.server}>
                <Link href={`/admin/servers/${encodeURIComponent(s.server)}`}>{s.server}</Link> — {count(s.executions)} runs
              </li>
            ))}
          </ol>
        </>
      )}
    </>
  );
}
