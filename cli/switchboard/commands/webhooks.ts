import type { CommandModule } from 'yargs';
import { contextOf } from '../context.ts';
import type { GlobalOptions } from '../context.ts';
import { call } from '../http.ts';
import { table, when } from '../output.ts';

interface Webhook {
  id: string;
  url: string;
  events: string[];
  status: string;
  last_used: number | null;
  failed_attempts: number;
}

const list: CommandModule<GlobalOptions, GlobalOptions> = {
  command: 'list',
  describe: 'your webhook subscriptions',
  handler: async (argv) => {
    const ctx = await contextOf(argv);
    const answer = await call<{ webhooks: Webhook[] }>(ctx.conn, 'GET', '/webhooks');
    ctx.out.result(answer, () => {
      if (answer.webhooks.length === 0) return 'No webhooks.';
      const rows = answer.webhooks.map((w) => [w.id, w.status, String(w.failed_attempts), when(w.last_used), w.url, w.events.join(',')]);
      return table(['WEBHOOK', 'STATUS', 'FAILED', 'LAST USED', 'URL', 'EVENTS'], rows, ctx.out.width);
    });
  },
};

type Delivery = Record<string, unknown>;
const first = (d: Delivery, ...names: string[]) => names.map((n) => d[n]).find((v) => v !== undefined && v !== null);
const text = (v: unknown) => (v === undefined || v === null ? '' : typeof v === 'number' && v > 1e9 ? when(v) : String(v));

const deliveries: CommandModule<GlobalOptions, GlobalOptions & { id: string }> = {
  command: 'deliveries <id>',
  describe: "a webhook's recent deliveries and how they went",
  builder: (y) => y.positional('id', { type: 'string', demandOption: true, describe: 'the webhook id' }),
  handler: async (argv) => {
    const ctx = await contextOf(argv);
    const answer = await call<{ deliveries: Delivery[] }>(ctx.conn, 'GET', `/webhooks/${encodeURIComponent(argv.id)}/deliveries`);
    ctx.out.result(answer, () => {
      if (!answer.deliveries?.length) return 'No deliveries yet.';
      const rows = answer.deliveries.map((d) => [
        text(first(d, 'id', 'delivery_id')),
        text(first(d, 'event', 'event_type', 'kind')),
        text(first(d, 'status', 'state')),
        text(first(d, 'attempts', 'attempt')),
        text(first(d, 'response_status', 'status_code', 'http_status')),
        text(first(d, 'last_attempt_at', 'delivered_at', 'created_at')),
      ]);
      return table(['DELIVERY', 'EVENT', 'STATUS', 'ATTEMPTS', 'HTTP', 'WHEN'], rows, ctx.out.width);
    });
  },
};

export const webhooksCommand: CommandModule<GlobalOptions, GlobalOptions> = {
  command: 'webhooks <command>',
  describe: 'webhook subscriptions: list, deliveries',
  builder: (y) => y.command(list).command(deliveries).demandCommand(1),
  handler: () => undefined,
};
