import type { Argv, CommandModule } from 'yargs';
import { contextOf } from '../context.ts';
import type { GlobalOptions } from '../context.ts';
import { call, request } from '../http.ts';
import { table } from '../output.ts';

/*
 * Tool holds and the audit log (issue 37): `switchboard holds list|show|approve|reject` and
 * `switchboard audit list|export`, faces over /tool_holds and /admin/audit.
 */

type HoldArgs = GlobalOptions & { id: string };
const holdId = { type: 'string', demandOption: true, describe: 'the hold id' } as const;

const listHolds: CommandModule<GlobalOptions, GlobalOptions & { status?: string; limit: number }> = {
  command: 'list',
  describe: 'held tool definitions, newest first',
  builder: (y) =>
    y
      .option('status', { type: 'string', choices: ['pending', 'approved', 'rejected', 'superseded'], default: 'pending', describe: 'which holds' })
      .option('limit', { type: 'number', default: 50, describe: 'how many (1-200)' }),
  handler: async (argv) => {
    const ctx = await contextOf(argv);
    const status = argv.status as 'pending' | 'approved' | 'rejected' | 'superseded' | undefined;
    const answer = await call(ctx.conn, 'get', '/tool_holds', { query: { status, limit: argv.limit } });
    ctx.out.result(answer, () => {
      if (answer.holds.length === 0) return 'No holds.';
      const rows = answer.holds.map((h) => [h.id, h.status, h.kind, `${h.server}/${h.tool}`, [...new Set(h.findings.map((f) => f.rule))].join(',')]);
      return table(['HOLD', 'STATUS', 'KIND', 'TOOL', 'FINDINGS'], rows, ctx.out.width);
    });
  },
};

const showHold: CommandModule<GlobalOptions, HoldArgs> = {
  command: 'show <id>',
  describe: 'one hold: its findings and what changed, old and new',
  builder: (y) => y.positional('id', holdId),
  handler: async (argv) => {
    const ctx = await contextOf(argv);
    const hold = await call(ctx.conn, 'get', '/tool_holds/{hold_id}', { params: { hold_id: argv.id } });
    ctx.out.result(hold, () =>
      [
        `${hold.server}/${hold.tool}: ${hold.kind}, ${hold.status} (version ${hold.version || '?'}, from ${hold.source})`,
        ...hold.findings.map((f) => `  finding ${f.rule} in ${f.field}: ${f.excerpt}`),
        ...hold.changes.map((c) => `  ${c.field}\n    - ${JSON.stringify(c.old)}\n    + ${JSON.stringify(c.new)}`),
      ].join('\n'),
    );
  },
};

function decision(verb: 'approve' | 'reject'): CommandModule<GlobalOptions, HoldArgs> {
  return {
    command: `${verb} <id>`,
    describe: verb === 'approve' ? 'approve: the definition is pinned, ranked, listed and runnable' : 'reject: the old pinned definition stays',
    builder: (y) => y.positional('id', holdId),
    handler: async (argv) => {
      const ctx = await contextOf(argv);
      const path = verb === 'approve' ? '/tool_holds/{hold_id}/approve' : '/tool_holds/{hold_id}/reject';
      const hold = await call(ctx.conn, 'post', path, { params: { hold_id: argv.id } });
      ctx.out.result(hold, () => `${hold.server}/${hold.tool}: ${hold.status}`);
    },
  };
}

export const holdsCommand: CommandModule<GlobalOptions, GlobalOptions> = {
  command: 'holds <command>',
  describe: 'tool definitions held for review: list, show, approve, reject',
  builder: (y) => y.command(listHolds).command(showHold).command(decision('approve')).command(decision('reject')).demandCommand(1),
  handler: () => undefined,
};

type AuditArgs = GlobalOptions & { action?: string; actor?: string; target?: string; since?: string; until?: string };
const auditFilters = <T>(y: Argv<T>) =>
  y
    .option('action', { type: 'string', describe: 'e.g. credential.set, tool_hold.approve' })
    .option('actor', { type: 'string', describe: 'a user id' })
    .option('target', { type: 'string' })
    .option('since', { type: 'string', describe: 'ISO time' })
    .option('until', { type: 'string', describe: 'ISO time' });
const filtersOf = (argv: AuditArgs) => ({ action: argv.action, actor_id: argv.actor, target: argv.target, since: argv.since, until: argv.until });

const listAudit: CommandModule<GlobalOptions, AuditArgs & { limit: number; cursor?: number }> = {
  command: 'list',
  describe: 'the audit log, newest first (admin)',
  builder: (y) => auditFilters(y).option('limit', { type: 'number', default: 50 }).option('cursor', { type: 'number', describe: 'next_cursor of the page before' }),
  handler: async (argv) => {
    const ctx = await contextOf(argv);
    const answer = await call(ctx.conn, 'get', '/admin/audit', { query: { ...filtersOf(argv), limit: argv.limit, cursor: argv.cursor } });
    ctx.out.result(answer, () => {
      const rows = answer.entries.map((e) => [String(e.id), e.at, e.actor.kind, e.actor.id ?? '', e.action, e.target]);
      const next = answer.next_cursor ? `\n(more: --cursor ${answer.next_cursor})` : '';
      return `${table(['ID', 'AT', 'ACTOR', 'ACTOR ID', 'ACTION', 'TARGET'], rows, ctx.out.width)}${next}`;
    });
  },
};

const exportAudit: CommandModule<GlobalOptions, AuditArgs> = {
  command: 'export',
  describe: 'the audit log as JSON lines on stdout, for a SIEM (admin)',
  builder: (y) => auditFilters(y),
  handler: async (argv) => {
    const ctx = await contextOf(argv);
    const body = await request<unknown>(ctx.conn, 'GET', '/admin/audit.jsonl', { query: filtersOf(argv) });
    // One line parses as a JSON document; several come back as the text they are.
    const text = typeof body === 'string' ? body : body === undefined ? '' : `${JSON.stringify(body)}\n`;
    process.stdout.write(text);
  },
};

export const auditCommand: CommandModule<GlobalOptions, GlobalOptions> = {
  command: 'audit <command>',
  describe: 'the audit log: list, export',
  builder: (y) => y.command(listAudit).command(exportAudit).demandCommand(1),
  handler: () => undefined,
};
