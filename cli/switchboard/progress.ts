import cliProgress from 'cli-progress';
import type { Job } from './jobs-view.ts';

/**
 * A job's progress on stderr through cli-progress. On a terminal: one bar redrawn in place.
 * Elsewhere (a pipe, a CI log): the same bar as one line per change of the job, drawn when
 * the change arrives — cli-progress's own non-terminal mode prints on a timer instead, which
 * repeats unchanged lines and can miss short-lived steps.
 */
export class JobProgress {
  private readonly bar: cliProgress.SingleBar;
  private readonly tty: boolean;
  private started = false;
  private lastLine = '';

  constructor(stream: NodeJS.WriteStream) {
    this.tty = Boolean(stream.isTTY);
    this.bar = new cliProgress.SingleBar(
      {
        stream,
        format: '{bar} {percentage}% | {status} | {step}',
        hideCursor: this.tty,
        // Off a terminal the bar draws only when told (render below), never on its timer.
        noTTYOutput: !this.tty,
        notTTYSchedule: 2 ** 31 - 1,
        clearOnComplete: !this.tty,
        barsize: 30,
      },
      cliProgress.Presets.shades_classic,
    );
  }

  update(job: Job): void {
    const percentage = job.status === 'completed' ? 100 : Math.min(Math.max(job.progress?.percentage ?? 0, 0), 100);
    const payload = { status: job.status, step: stepOf(job) };
    const line = `${percentage}|${payload.status}|${payload.step}`;
    if (!this.started) {
      this.started = true;
      this.lastLine = line;
      this.bar.start(100, percentage, payload);
      return;
    }
    if (line === this.lastLine) return;
    this.lastLine = line;
    this.bar.update(percentage, payload);
    if (!this.tty) this.bar.render();
  }

  stop(): void {
    if (!this.started) return;
    // stop() draws the last state once more; off a terminal that line was drawn already.
    if (!this.tty) this.bar.render = () => undefined;
    this.bar.stop();
  }
}

function stepOf(job: Job): string {
  if (job.status === 'queued') return job.position_in_queue ? `position ${job.position_in_queue} in the queue` : 'waiting';
  if (job.status === 'running') return job.progress?.current_step ?? 'started';
  if (job.status === 'completed') return job.execution_time_ms !== undefined ? `done in ${job.execution_time_ms} ms` : 'done';
  return job.error?.code ?? job.reason ?? job.status;
}
