import type { CommandModule } from 'yargs';
import { contextOf } from '../context.ts';
import type { GlobalOptions } from '../context.ts';
import { call } from '../http.ts';
import { table, when } from '../output.ts';

const list: CommandModule<GlobalOptions, GlobalOptions> = {
  command: 'list',
  describe: 'applications connected with your login (OAuth), newest first',
  handler: async (argv) => {
    const ctx = await contextOf(argv);
    const answer = await call(ctx.conn, 'get', '/account/connected-clients');
    ctx.out.result(answer, () => {
      if (answer.clients.length === 0) return 'No connected applications.';
      const rows = answer.clients.map((c) => [c.id, c.revoked_at ? 'revoked' : 'active', c.client_name ?? c.client_id, c.scopes.join(' '), when(c.last_used_at), c.resource]);
      return table(['ID', 'STATE', 'APPLICATION', 'SCOPES', 'LAST USED', 'FOR'], rows, ctx.out.width);
    });
  },
};

const revoke: CommandModule<GlobalOptions, GlobalOptions & { id: string }> = {
  command: 'revoke <id>',
  describe: 'end a connected application: its tokens stop at their next request',
  builder: (y) => y.positional('id', { type: 'string', demandOption: true, describe: 'the id `clients list` shows' }),
  handler: async (argv) => {
    const ctx = await contextOf(argv);
    const answer = await call(ctx.conn, 'delete', '/account/connected-clients/{grant_id}', { params: { grant_id: argv.id } });
    ctx.out.result(answer, () => `Revoked ${answer.client_id} (${answer.resource}).`);
  },
};

export const clientsCommand: CommandModule<GlobalOptions, GlobalOptions> = {
  command: 'clients <command>',
  describe: 'applications connected with your login: list, revoke',
  builder: (y) => y.command(list).command(revoke).demandCommand(1),
  handler: () => undefined,
};
