import type { Argv, CommandModule } from 'yargs';
import { contextOf } from '../context.ts';
import type { Context, GlobalOptions } from '../context.ts';
import { EXIT, Failure, usage } from '../failure.ts';
import { call } from '../http.ts';
import { followJob } from '../follow-job.ts';
import { describeJob, JOB_STATUSES, toolOf } from '../jobs-view.ts';
import type { Job, JobStatus } from '../jobs-view.ts';
import { table, when } from '../output.ts';
import { JobProgress } from '../progress.ts';

const withId = <T>(y: Argv<T>) => y.positional('id', { type: 'string', demandOption: true, describe: 'the job id' });

/**
 * Follows a job with a progress bar on stderr, then prints its final state. Exit 1 unless it
 * completed (failed, timed out or canceled), so `exec --job --watch && next` works in scripts.
 */
export async function watchJob(ctx: Context, id: string): Promise<void> {
  const progress = new JobProgress(ctx.out.stderrStream);
  let job: Job;
  try {
    job = await followJob(ctx, id, (j) => progress.update(j));
  } finally {
    progress.stop();
  }
  ctx.out.result(job, () => describeJob(job));
  if (job.status !== 'completed') process.exitCode = EXIT.failed;
}

const list: CommandModule<GlobalOptions, GlobalOptions & { status?: JobStatus; limit: number; offset: number }> = {
  command: 'list',
  describe: 'your jobs, newest first',
  builder: (y) =>
    y
      .option('status', { type: 'string', choices: JOB_STATUSES, describe: 'only jobs in this state' })
      .option('limit', { type: 'number', default: 20, describe: 'how many (1-100)' })
      .option('offset', { type: 'number', default: 0, describe: 'skip this many' }),
  handler: async (argv) => {
    if (!Number.isInteger(argv.limit) || argv.limit < 1 || argv.limit > 100) throw usage('--limit must be an integer from 1 to 100');
    const ctx = await contextOf(argv);
    const answer = await call(ctx.conn, 'get', '/jobs', {
      query: { status: argv.status, limit: argv.limit, offset: argv.offset },
    });
    ctx.out.result(answer, () => {
      if (answer.jobs.length === 0) return 'No jobs.';
      const rows = answer.jobs.map((j) => [j.job_id, j.status, when(j.created_at), when(j.completed_at), toolOf(j)]);
      const shown = `${answer.jobs.length} of ${answer.pagination.total}`;
      return `${table(['JOB', 'STATUS', 'CREATED', 'FINISHED', 'TOOL'], rows, ctx.out.width)}\n(${shown})`;
    });
  },
};

const get: CommandModule<GlobalOptions, GlobalOptions & { id: string }> = {
  command: 'get <id>',
  describe: "one job's state, result or error",
  builder: withId,
  handler: async (argv) => {
    const ctx = await contextOf(argv);
    const job = await call(ctx.conn, 'get', '/jobs/{job_id}', { params: { job_id: argv.id } });
    ctx.out.result(job, () => describeJob(job));
  },
};

const watch: CommandModule<GlobalOptions, GlobalOptions & { id: string }> = {
  command: 'watch <id>',
  describe: 'follow a job to its end with a progress bar (exit 1 unless it completed)',
  builder: withId,
  handler: async (argv) => watchJob(await contextOf(argv), argv.id),
};

const cancel: CommandModule<GlobalOptions, GlobalOptions & { id: string; reason?: string }> = {
  command: 'cancel <id>',
  describe: 'cancel a queued job (a running one cannot be canceled)',
  builder: (y) => withId(y).option('reason', { type: 'string', describe: 'why, kept with the job' }),
  handler: async (argv) => {
    const ctx = await contextOf(argv);
    const answer = await call(ctx.conn, 'delete', '/jobs/{job_id}', { params: { job_id: argv.id }, query: { reason: argv.reason } }).catch(
      (error: unknown) => {
        // 400 here is the job's state (running, or already finished), not the command line.
        if (error instanceof Failure && error.service?.status === 400) throw new Failure(error.message, EXIT.failed, error.service);
        throw error;
      },
    );
    ctx.out.result(answer, () => `Job ${answer.job_id}: ${answer.status}.`);
  },
};

export const jobsCommand: CommandModule<GlobalOptions, GlobalOptions> = {
  command: 'jobs <command>',
  describe: 'background jobs: list, get, watch, cancel',
  builder: (y) => y.command(list).command(get).command(watch).command(cancel).demandCommand(1),
  handler: () => undefined,
};
