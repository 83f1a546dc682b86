import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'wouter';
import { api } from '../../api/client.ts';
import { when } from '../../ui/format.ts';
import { Page } from '../../ui/page.tsx';
import { QueryView } from '../../ui/states.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import type { Column } from '../../ui/data-table.tsx';
import { JOB_STATUSES, jobPath, STATUS_TONE, type JobStatus, type JobSummary } from './types.ts';

const LIMIT = 20;

const jobColumns: Column<JobSummary>[] = [
  { header: 'Tool', cell: (job) => <Link href={jobPath(job.job_id)}>{job.tool}</Link> },
  { header: 'Status', cell: (job) => <StatusBadge status={job.status} /> },
  { header: 'Submitted', cell: (job) => when(job.created_at) },
  { header: 'Finished', cell: (job) => when(job.completed_at) },
];

export function StatusBadge({ status }: { status: JobStatus }) {
  return <span className={`badge ${STATUS_TONE[status]}`}>{status}</span>;
}

/** The caller's jobs, newest first (GET /jobs), by status and page; both kept in the address. */
export function JobsPage() {
  const [params, setParams] = useSearchParams();
  const rawStatus = params.get('status') ?? '';
  const status = (JOB_STATUSES as readonly string[]).includes(rawStatus) ? (rawStatus as JobStatus) : undefined;
  const offset = Math.max(0, Number.parseInt(params.get('offset') ?? '0', 10) || 0);

  const jobs = useQuery({
    queryKey: ['jobs', status, offset],
    queryFn: ({ signal }) => api.get('/jobs', { signal, query: { limit: LIMIT, offset, status } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  const go = (next: { status?: string; offset?: number }) => {
    const search = new URLSearchParams();
    const nextStatus = next.status ?? status;
    if (nextStatus) search.set('status', nextStatus);
    const nextOffset = next.offset ?? 0;
    if (nextOffset > 0) search.set('offset', String(nextOffset));
    setParams(search);
  };

  return (
    <Page
      title="Jobs"
      actions={
        <button type="button" className="secondary" onClick={() => void jobs.refetch()} disabled={jobs.isFetching}>
          {jobs.isFetching ? 'Refreshing…' : 'Refresh'}
        </button>
      }
    >
      <div className="inline-form">
        <label htmlFor="jobs-status">Status</label>
        <select id="jobs-status" value={status ?? ''} onChange={(event) => go({ status: event.target.value, offset: 0 })}>
          <option value="">All</option>
          {JOB_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      <QueryView
        query={jobs}
        isEmpty={(data) => data.jobs.length === 0}
        empty={
          status ? (
            <>No {status} jobs.</>
          ) : (
            <>
              No jobs yet. Open a tool from <Link href="/discover">Discover</Link> and choose “Run as job”.
            </>
          )
        }
      >
        {(data) => {
          // From the answer, not the address: while the next page loads, the rows shown are the last page's.
          const { total, offset: shown } = data.pagination;
          const last = Math.min(shown + data.jobs.length, total);
          return (
            <div aria-busy={jobs.isFetching}>
              <DataTable
                className="jobs-table"
                caption={`Jobs ${shown + 1}–${last} of ${total}`}
                captionClass="hint"
                columns={jobColumns}
                rows={data.jobs}
                rowKey={(job) => job.job_id}
                rowData={() => ({ 'data-testid': 'job-row' })}
              />
              <nav className="pager" aria-label="Pages of jobs">
                <button type="button" className="secondary" onClick={() => go({ offset: Math.max(0, offset - LIMIT) })} disabled={offset === 0}>
                  Previous
                </button>
                <button type="button" className="secondary" onClick={() => go({ offset: offset + LIMIT })} disabled={offset + LIMIT >= total}>
                  Next
                </button>
              </nav>
            </div>
          );
        }}
      </QueryView>
    </Page>
  );
}
