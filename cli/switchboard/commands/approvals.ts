import type { CommandModule } from 'yargs';
import { contextOf } from '../context.ts';
import type { GlobalOptions } from '../context.ts';
import { call } from '../http.ts';
import { table } from '../output.ts';

/*
 * Calls waiting for their owner (issue 37, item 3): `switchboard approvals list|show|approve|deny`
 * and `switchboard approvals policy [server] [tool] [allow|ask|deny|default]`, faces over
 * /call_approvals and /call_policies.
 */

type ApprovalArgs = GlobalOptions & { id: string };
const approvalId = { type: 'string', demandOption: true, describe: 'the approval id' } as const;
const STATUSES = ['pending', 'approved', 'denied', 'expired'] as const;

/** Arguments on one line, cut to fit: the whole of them is in `show` and --json. */
const argumentsLine = (args: Record<string, unknown>, max = 60) => {
  const text = JSON.stringify(args);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
};

const list: CommandModule<GlobalOptions, GlobalOptions & { status: string; limit: number }> = {
  command: 'list',
  describe: 'your calls waiting for approval (or decided ones), newest first',
  builder: (y) =>
    y.option('status', { type: 'string', choices: STATUSES, default: 'pending', describe: 'which approvals' }).option('limit', { type: 'number', default: 50, describe: 'how many (1-200)' }),
  handler: async (argv) => {
    const ctx = await contextOf(argv);
    const answer = await call(ctx.conn, 'get', '/call_approvals', { query: { status: argv.status as (typeof STATUSES)[number], limit: argv.limit } });
    ctx.out.result(answer, () => {
      if (answer.approvals.length === 0) return 'No approvals.';
      const rows = answer.approvals.map((a) => [a.id, a.status, `${a.server}/${a.tool}`, argumentsLine(a.arguments), a.expires_at]);
      return table(['APPROVAL', 'STATUS', 'TOOL', 'ARGUMENTS', 'EXPIRES'], rows, ctx.out.width);
    });
  },
};

const show: CommandModule<GlobalOptions, ApprovalArgs> = {
  command: 'show <id>',
  describe: 'one waiting call: its tool, why it waits, and its arguments in full',
  builder: (y) => y.positional('id', approvalId),
  handler: async (argv) => {
    const ctx = await contextOf(argv);
    const a = await call(ctx.conn, 'get', '/call_approvals/{approval_id}', { params: { approval_id: argv.id } });
    ctx.out.result(a, () =>
      [`${a.server}/${a.tool}: ${a.status} (${a.reason}); ${a.run_kind} ${a.run_id}; expires ${a.expires_at}`, JSON.stringify(a.arguments, null, 2)].join('\n'),
    );
  },
};

function decision(verb: 'approve' | 'deny'): CommandModule<GlobalOptions, ApprovalArgs> {
  return {
    command: `${verb} <id>`,
    describe: verb === 'approve' ? 'approve: the call runs' : 'deny: the call never reaches the server',
    builder: (y) => y.positional('id', approvalId),
    handler: async (argv) => {
      const ctx = await contextOf(argv);
      const path = verb === 'approve' ? '/call_approvals/{approval_id}/approve' : '/call_approvals/{approval_id}/deny';
      const a = await call(ctx.conn, 'post', path, { params: { approval_id: argv.id } });
      ctx.out.result(a, () => `${a.server}/${a.tool}: ${a.status}`);
    },
  };
}

type PolicyArgs = GlobalOptions & { server?: string; tool?: string; decision?: string };
const policy: CommandModule<GlobalOptions, PolicyArgs> = {
  command: 'policy [server] [decision] [tool]',
  describe: 'your call policies; with a server and a decision (allow, ask, deny, default), sets one (for one tool with a third word)',
  builder: (y) =>
    y
      .positional('server', { type: 'string' })
      .positional('decision', { type: 'string', choices: ['allow', 'ask', 'deny', 'default'] })
      .positional('tool', { type: 'string' }),
  handler: async (argv) => {
    const ctx = await contextOf(argv);
    if (argv.server && !argv.decision) throw new Error('a decision is needed: allow, ask, deny or default');
    const answer = argv.server
      ? await call(ctx.conn, 'put', '/call_policies', { body: { server: argv.server, decision: argv.decision as 'allow', ...(argv.tool ? { tool: argv.tool } : {}) } })
      : await call(ctx.conn, 'get', '/call_policies', {});
    ctx.out.result(answer, () => {
      if (answer.policies.length === 0) return 'No policies: the tools\' annotations decide (destructive tools ask).';
      return table(['SERVER', 'TOOL', 'DECISION'], answer.policies.map((p) => [p.server, p.tool ?? '*', p.decision]), ctx.out.width);
    });
  },
};

export const approvalsCommand: CommandModule<GlobalOptions, GlobalOptions> = {
  command: 'approvals <command>',
  describe: 'calls waiting for your approval: list, show, approve, deny; and your call policies',
  builder: (y) => y.command(list).command(show).command(decision('approve')).command(decision('deny')).command(policy).demandCommand(1),
  handler: () => undefined,
};
