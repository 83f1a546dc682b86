import type { CommandModule } from 'yargs';
import { contextOf } from '../context.ts';
import type { GlobalOptions } from '../context.ts';
import { usage } from '../failure.ts';
import { call } from '../http.ts';
import { resultText } from '../output.ts';
import { watchJob } from './jobs.ts';

interface ExecArgs extends GlobalOptions {
  tool: string;
  args?: string;
  arg: string[];
  job: boolean;
  watch: boolean;
  timeout?: number;
}

export const execCommand: CommandModule<GlobalOptions, ExecArgs> = {
  command: 'exec <tool>',
  describe: 'run a tool (server/tool) now, or as a background job with --job',
  builder: (y) =>
    y
      .positional('tool', { type: 'string', demandOption: true, describe: 'the tool, as server/tool (e.g. everything/echo)' })
      .option('args', { type: 'string', describe: 'the arguments as one JSON object' })
      .option('arg', { type: 'string', array: true, default: [], describe: 'one argument as key=value (repeatable), read as the type its schema says' })
      .option('job', { type: 'boolean', default: false, describe: 'submit a background job instead of waiting for the result' })
      .option('watch', { type: 'boolean', default: false, describe: 'with --job: follow the job to its end, like `jobs watch`' })
      .option('timeout', { type: 'number', describe: 'time limit in milliseconds' })
      .example("$0 exec everything/echo --args '{\"message\": \"hi\"}'", '')
      .example('$0 exec everything/get-sum --arg a=2 --arg b=3', '')
      .example('$0 exec everything/trigger-long-running-operation --arg duration=5 --job --watch', ''),
  handler: async (argv) => {
    if (argv.watch && !argv.job) throw usage('--watch goes with --job');
    if (argv.timeout !== undefined && (!Number.isInteger(argv.timeout) || argv.timeout < 1)) throw usage('--timeout must be a positive number of milliseconds');
    const ctx = await contextOf(argv);
    const slash = argv.tool.indexOf('/');
    const [server, name] = slash > 0 ? [argv.tool.slice(0, slash), argv.tool.slice(slash + 1)] : [undefined, argv.tool];
    // The schema first, so bad arguments are refused here, before anything runs.
    const detail = await call(ctx.conn, 'get', '/v1/tools/{tool_name}', { params: { tool_name: name }, query: { server } });
    // ajv is loaded only here: the other commands start without it.
    const { toolArguments } = await import('../tool-arguments.ts');
    const args = toolArguments(argv.tool, detail.data.inputSchema ?? {}, argv.args, argv.arg.map(String));

    if (argv.job) {
      const job = await call(ctx.conn, 'post', '/jobs/submit', { body: { tool: argv.tool, arguments: args, timeout_ms: argv.timeout } });
      if (argv.watch) return watchJob(ctx, job.job_id);
      ctx.out.result(job, () => `Submitted job ${job.job_id} (${job.status}). Follow it with: switchboard jobs watch ${job.job_id}`);
      return;
    }
    const answer = await call(ctx.conn, 'post', '/v1/execute_tool', { body: { tool_name: argv.tool, params: args, timeout: argv.timeout } });
    ctx.out.result(answer.data, () => resultText(answer.data.result));
  },
};
