import { useMutation } from '@tanstack/react-query';
import { Link } from 'wouter';
import { api, ApiError } from '../../api/client.ts';
import { when } from '../../ui/format.ts';
import { Page } from '../../ui/page.tsx';
import { ErrorNotice, Loading } from '../../ui/states.tsx';
import { useJobStream } from './job-stream.ts';
import { StatusBadge } from './jobs-list.tsx';
import { Json, ToolResult } from './tool-result.tsx';
import { isFinal, toolPath, type Job } from './types.ts';

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** The worker's step as written (it may say "3 of 30" already); a bare number gets the total. */
function stepText(progress: NonNullable<Job['progress']>): string {
  const { current_step: step, total_steps: total } = progress;
  if (/^\d+$/.test(step)) return `step ${step}${total > 0 ? ` of ${total}` : ''}`;
  return /^\d+ of \d+$/.test(step) ? `step ${step}` : step;
}

/** A job followed live over its SSE stream: state, progress, then result or error; cancel while queued. */
export function JobPage({ params }: { params: Record<string, string | undefined> }) {
  const jobId = params.job_id ?? '';
  const follow = useJobStream(jobId);
  const { job } = follow;

  return (
    <Page title="Job">
      <p className="hint">
        <Link href="/jobs">← Jobs</Link>
      </p>
      {follow.error !== undefined ? (
        <ErrorNotice error={follow.error} retry={follow.error instanceof ApiError && follow.error.status === 404 ? undefined : follow.retry} />
      ) : !job ? (
        <Loading label="Connecting to the job…" />
      ) : (
        <JobView job={job} follow={follow} />
      )}
    </Page>
  );
}

function JobView({ job, follow }: { job: Job; follow: ReturnType<typeof useJobStream> }) {
  const [server, name] = [job.server, job.tool.startsWith(`${job.server}/`) ? job.tool.slice(job.server.length + 1) : job.tool];
  const percentage = job.status === 'completed' ? 100 : (job.progress?.percentage ?? undefined);
  return (
    <div className="job-page">
      <div className="card">
        <dl className="facts">
          <dt>Tool</dt>
          <dd>
            <Link href={toolPath(server, name)}>{job.tool}</Link> <span className="hint">on {server}</span>
          </dd>
          <dt>State</dt>
          <dd aria-live="polite" data-testid="job-status">
            <StatusBadge status={job.status} />
            {job.status === 'queued' && job.position_in_queue !== undefined && <span className="hint"> · number {job.position_in_queue} in your queue</span>}
            {follow.reconnecting && <span className="hint"> · reconnecting…</span>}
          </dd>
          <dt>Job id</dt>
          <dd>
            <code>{job.job_id}</code>
          </dd>
          <dt>Submitted</dt>
          <dd>{when(job.created_at)}</dd>
          {job.started_at !== undefined && (
            <>
              <dt>Started</dt>
              <dd>{when(job.started_at)}</dd>
            </>
          )}
          {job.completed_at !== undefined && (
            <>
              <dt>Finished</dt>
              <dd>{when(job.completed_at)}</dd>
            </>
          )}
          {!isFinal(job.status) && (
            <>
              <dt>Expected</dt>
              <dd>
                about {seconds(job.estimated_duration_ms)} · time limit {seconds(job.time_limit_ms)}
              </dd>
            </>
          )}
          {job.execution_time_ms !== undefined && (
            <>
              <dt>Ran for</dt>
              <dd>{seconds(job.execution_time_ms)}</dd>
            </>
          )}
        </dl>

        {(job.status === 'running' || percentage !== undefined) && (
          <div className="job-progress">
            <label htmlFor="job-progress">
              Progress{job.progress && job.status === 'running' && <> · {stepText(job.progress)}</>}
            </label>
            <progress id="job-progress" max={100} value={percentage ?? 0} data-testid="job-progress">
              {percentage ?? 0}%
            </progress>
            <span className="job-percentage">{percentage ?? 0}%</span>
          </div>
        )}

        <CancelControl job={job} />
      </div>

      <section aria-labelledby="changes-title">
        <h2 id="changes-title">State changes</h2>
        <ol className="job-changes" data-testid="job-changes">
          {follow.changes.map((change, index) => (
            <li key={index}>
              <StatusBadge status={change.status} /> <span className="hint">{when(change.at)}</span>
            </li>
          ))}
        </ol>
      </section>

      {job.status === 'completed' && job.result && (
        <section className="card" aria-labelledby="job-result-title">
          <h2 id="job-result-title">Result</h2>
          <ToolResult result={job.result} />
        </section>
      )}
      {job.error && (
        <section aria-labelledby="job-error-title">
          <h2 id="job-error-title">Error</h2>
          <ErrorNotice error={new ApiError(0, job.error.code, job.error.message, job.error.details ?? {})} />
          {job.error.details && Object.keys(job.error.details).length > 0 && <Json value={job.error.details} />}
        </section>
      )}
      {job.status === 'canceled' && <p className="notice">Canceled{job.reason ? `: ${job.reason}` : ''}.</p>}
    </div>
  );
}

/**
 * DELETE /jobs/{id} while the job waits. A running job cannot be canceled (the service answers
 * CANNOT_CANCEL_RUNNING): the page says so instead of offering a button that can only fail.
 */
function CancelControl({ job }: { job: Job }) {
  const cancel = useMutation({
    mutationFn: () => api.delete('/jobs/{job_id}', { params: { job_id: job.job_id } }),
  });
  const refused = cancel.error instanceof ApiError && cancel.error.code === 'CANNOT_CANCEL_RUNNING';
  return (
    <div className="job-cancel">
      {job.status === 'queued' && (
        <button type="button" className="secondary danger" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
          {cancel.isPending ? 'Canceling…' : 'Cancel job'}
        </button>
      )}
      {job.status === 'running' && (
        <p className="hint" data-testid="cannot-cancel">
          A running job cannot be canceled (the service answers <code>CANNOT_CANCEL_RUNNING</code>): only a queued job can. It runs until it finishes or
          reaches its time limit of {seconds(job.time_limit_ms)}.
        </p>
      )}
      {cancel.data && <p className="notice" role="status">{cancel.data.message}</p>}
      {cancel.isError &&
        (refused ? (
          <p className="state state-error" role="alert">
            <code className="error-code">CANNOT_CANCEL_RUNNING</code> The job started before the cancel arrived, and a running job cannot be canceled.
          </p>
        ) : (
          <ErrorNotice error={cancel.error} />
        ))}
    </div>
  );
}
