import type { CommandModule } from 'yargs';
import type { ResponseOf } from '../../../contracts/openapi.d.ts';
import { contextOf } from '../context.ts';
import type { GlobalOptions } from '../context.ts';
import { usage } from '../failure.ts';
import { call } from '../http.ts';
import { table, when } from '../output.ts';

const list: CommandModule<GlobalOptions, GlobalOptions> = {
  command: 'list',
  describe: 'your webhook subscriptions',
  handler: async (argv) => {
    const ctx = await contextOf(argv);
    const answer = await call(ctx.conn, 'get', '/webhooks');
    ctx.out.result(answer, () => {
      if (answer.webhooks.length === 0) return 'No webhooks.';
      const rows = answer.webhooks.map((w) => [w.id, w.status, String(w.failed_attempts), when(w.last_used), w.url, w.events.join(',')]);
      return table(['WEBHOOK', 'STATUS', 'FAILED', 'LAST USED', 'URL', 'EVENTS'], rows, ctx.out.width);
    });
  },
};

/** A delivery of the log (GET /webhooks/{id}/deliveries), newest first. */
type Delivery = ResponseOf<'/webhooks/{webhook_id}/deliveries'>['deliveries'][number];

/** How the last attempt went: the receiver's HTTP status, else why none came. */
function lastAnswer(delivery: Delivery): string {
  const last = delivery.attempts.at(-1);
  if (!last) return '';
  return last.status_code !== null ? `HTTP ${last.status_code}` : (last.error ?? 'no answer');
}

const deliveries: CommandModule<GlobalOptions, GlobalOptions & { id: string; limit: number; offset: number }> = {
  command: 'deliveries <id>',
  describe: "a webhook's deliveries, newest first, and how each went",
  builder: (y) =>
    y
      .positional('id', { type: 'string', demandOption: true, describe: 'the webhook id' })
      .option('limit', { type: 'number', default: 20, describe: 'how many (1-100)' })
      .option('offset', { type: 'number', default: 0, describe: 'skip this many' }),
  handler: async (argv) => {
    if (!Number.isInteger(argv.limit) || argv.limit < 1 || argv.limit > 100) throw usage('--limit must be an integer from 1 to 100');
    const ctx = await contextOf(argv);
    const answer = await call(ctx.conn, 'get', '/webhooks/{webhook_id}/deliveries', { params: { webhook_id: argv.id }, query: { limit: argv.limit, offset: argv.offset },
    });
    ctx.out.result(answer, () => {
      if (answer.deliveries.length === 0) return 'No deliveries yet.';
      const rows = answer.deliveries.map((d) => [d.id, d.status, String(d.attempts.length), lastAnswer(d), when(d.created_at), when(d.next_attempt_at), d.event]);
      const table_ = table(['DELIVERY', 'STATUS', 'ATTEMPTS', 'LAST ANSWER', 'CREATED', 'NEXT TRY', 'EVENT'], rows, ctx.out.width);
      return `${table_}\n(${answer.deliveries.length} of ${answer.pagination.total})`;
    });
  },
};

export const webhooksCommand: CommandModule<GlobalOptions, GlobalOptions> = {
  command: 'webhooks <command>',
  describe: 'webhook subscriptions: list, deliveries',
  builder: (y) => y.command(list).command(deliveries).demandCommand(1),
  handler: () => undefined,
};
