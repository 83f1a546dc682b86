import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { api } from '../../api/client.ts';
import { ErrorNotice, QueryView } from '../../ui/states.tsx';
import { AdminPage, useAdminEnabled } from './admin-page.tsx';
import { DailyChart } from './charts.tsx';
import { DaysPicker, useDays } from './days.tsx';
import { FlagItem } from './flag-list.tsx';
import { count, ms, percent, when } from '../../ui/format.ts';
import { fillDays } from './format.ts';
import { INSIGHTS_SCOPE, globalInsights } from './insights.ts';
import { InsightsTable } from './insights-table.tsx';
import { StatGrid } from './stat-grid.tsx';
import type { ServerAnalytics, Verification, VerificationStatus } from './types.ts';
import { useVerificationChange } from './verification-queue.tsx';


/** /admin/servers/:name: one server's analytics, tool insights, verification, flags and reviews. */
export function ServerPage({ params }: { params: Record<string, string | undefined> }) {
  const name = params.name ?? '';
  const days = useDays();
  const enabled = useAdminEnabled();
  const analytics = useQuery({
    queryKey: ['admin', 'server-analytics', name, days],
    queryFn: () => api.get('/mcp-analytics/servers/{server_name}/analytics', { params: { server_name: name }, query: { days } }),
  });
  const insights = useQuery({ queryKey: ['admin', 'tool-insights', days, name], queryFn: () => globalInsights({ days, server: name }), enabled });
  return (
    <AdminPage title={`Server ${name}`} primary={analytics} actions={<DaysPicker days={days} />}>
      <section aria-labelledby="server-usage">
        <h2 id="server-usage">Usage</h2>
        <QueryView query={analytics}>{(a) => <UsageView analytics={a} />}</QueryView>
      </section>
      {enabled && (
        <>
          <section aria-labelledby="server-tools">
            <h2 id="server-tools">Tools</h2>
            <p className="hint">{INSIGHTS_SCOPE}</p>
            <QueryView query={insights} isEmpty={(d) => d.tools.length === 0} empty="No tool of this server was run in this period.">
              {(d) => <InsightsTable tools={d.tools} caption={`Calls of ${name}'s tools`} />}
            </QueryView>
          </section>
          <VerificationForm name={name} />
          <ServerFlags name={name} />
          <ServerReviews name={name} />
        </>
      )}
    </AdminPage>
  );
}

function UsageView({ analytics: a }: { analytics: ServerAnalytics }) {
  const daily = fillDays(a.period.from, a.period.to, a.daily, (date) => ({ date, events: 0, executions: 0 }));
  return (
    <>
      <StatGrid
        label="Server usage"
        items={[
          { label: 'Runs', value: count(a.executions.total), hint: `average ${ms(a.executions.avg_duration_ms)}` },
          { label: 'Run success', value: percent(a.executions.success_rate) },
          { label: 'In search results', value: count(a.search_appearances), hint: `${count(a.tool_selections)} selections` },
          { label: 'Enabled by', value: count(a.enabled_by_users), hint: `${count(a.unique_users)} users active` },
        ]}
      />
      <DailyChart
        rows={daily}
        series={[
          { key: 'executions', label: 'Runs' },
          { key: 'events', label: 'Events' },
        ]}
        summary={`${count(a.executions.total)} runs and ${count(a.events.total)} events in the last ${a.period.days} days.`}
        caption="Runs and events per day as a table"
      />
    </>
  );
}

function VerificationForm({ name }: { name: string }) {
  const current = useQuery({ queryKey: ['admin', 'verification', name], queryFn: () => api.get('/mcp-moderation/servers/{server_name}/verification', { params: { server_name: name } }) });
  const [draft, setDraft] = useState<Pick<Verification, 'status' | 'featured' | 'notes'>>();
  const [saved, setSaved] = useState<string>();
  const change = useVerificationChange(name, (answer) => setSaved(`Saved: ${answer.status}${answer.featured ? ', featured' : ''}.`));
  useEffect(() => {
    if (current.data) setDraft({ status: current.data.status, featured: current.data.featured, notes: current.data.notes });
  }, [current.data]);
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (draft) change.mutate(draft);
  };
  return (
    <section aria-labelledby="server-verification">
      <h2 id="server-verification">Verification</h2>
      <QueryView query={current}>
        {(v) =>
          draft && (
            <form className="card admin-form" onSubmit={save}>
              <p className="hint">
                Verified {when(v.verified_at)} · last change {when(v.updated_at)}
              </p>
              <label htmlFor="verification-status">Status</label>
              <select id="verification-status" value={draft.status} onChange={(event) => setDraft({ ...draft, status: event.target.value as VerificationStatus })}>
                {(['unverified', 'pending', 'verified', 'rejected'] as const).map((s) => (
                  <option key={s}>{s}</option>
                ))}
              </select>
              <label className="check">
                <input type="checkbox" checked={draft.featured} onChange={(event) => setDraft({ ...draft, featured: event.target.checked })} /> Featured (only a verified server can be)
              </label>
              <label htmlFor="verification-notes">Notes</label>
              <textarea id="verification-notes" value={draft.notes} maxLength={2000} onChange={(event) => setDraft({ ...draft, notes: event.target.value })} />
              <div className="button-row">
                <button type="submit" disabled={change.isPending}>
                  Save verification
                </button>
              </div>
              {saved && !change.isError && (
                <p className="notice" role="status">
                  {saved}
                </p>
              )}
              {change.isError && <ErrorNotice error={change.error} />}
            </form>
          )
        }
      </QueryView>
    </section>
  );
}

function ServerFlags({ name }: { name: string }) {
  const [done, setDone] = useState<string>();
  const flags = useQuery({
    queryKey: ['admin', 'server-flags', name],
    queryFn: () => api.get('/mcp-moderation/servers/{server_name}/flags', { params: { server_name: name }, query: { status: 'all', limit: 50 } }),
  });
  return (
    <section aria-labelledby="server-flags">
      <h2 id="server-flags">Flags</h2>
      {done && (
        <p className="notice" role="status">
          {done}
        </p>
      )}
      <QueryView query={flags} isEmpty={(d) => d.flags.length === 0} empty="Nobody has flagged this server.">
        {(d) => (
          <ul className="admin-list" aria-label={`Flags on ${name}`}>
            {d.flags.map((flag) =>
              flag.status === 'open' ? (
                <FlagItem key={flag.id} flag={flag} onDone={setDone} />
              ) : (
                <li key={flag.id} className="card admin-item">
                  <div className="admin-item-head">
                    <span className="badge">{flag.reason}</span>
                    <span className={`badge ${flag.status === 'resolved' ? 'ok' : ''}`}>{flag.status}</span>
                    <span className="hint">
                      {when(flag.created_at)} → {when(flag.resolved_at)}
                    </span>
                  </div>
                  {flag.details && <p className="admin-details">{flag.details}</p>}
                  {flag.resolution && <p className="hint">Note: {flag.resolution}</p>}
                </li>
              ),
            )}
          </ul>
        )}
      </QueryView>
    </section>
  );
}

function ServerReviews({ name }: { name: string }) {
  const reviews = useQuery({
    queryKey: ['admin', 'server-reviews', name],
    queryFn: () => api.get('/mcp-moderation/servers/{server_name}/reviews', { params: { server_name: name }, query: { sort_by: 'recent', limit: 20 } }),
  });
  return (
    <section aria-labelledby="server-reviews">
      <h2 id="server-reviews">Reviews</h2>
      <QueryView query={reviews} isEmpty={(d) => d.total === 0} empty="No reviews yet.">
        {(d) => (
          <>
            <p>
              Average <strong>{d.average_rating ?? '—'}</strong> / 5 from {d.total} review{d.total === 1 ? '' : 's'} (
              {(['5', '4', '3', '2', '1'] as const).map((star) => `${star}★ ${d.rating_distribution[star] ?? 0}`).join(', ')})
            </p>
            <ul className="admin-list" aria-label={`Reviews of ${name}`}>
              {d.reviews.map((review) => (
                <li key={review.id} className="card admin-item">
                  <div className="admin-item-head">
                    <span aria-label={`${review.rating} of 5 stars`}>{'★'.repeat(review.rating) + '☆'.repeat(5 - review.rating)}</span>
                    <strong>{review.title}</strong>
                    <span className="hint">{when(review.updated_at)}</span>
                  </div>
                  {review.text && <p className="admin-details">{review.text}</p>}
                </li>
              ))}
            </ul>
          </>
        )}
      </QueryView>
    </section>
  );
}
