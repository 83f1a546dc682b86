import type { CommandModule } from 'yargs';
import type { ResponseOf } from '../../../contracts/openapi.d.ts';
import { contextOf } from '../context.ts';
import type { GlobalOptions } from '../context.ts';
import { call } from '../http.ts';
import { table, when } from '../output.ts';
import { readSecret } from '../secret-input.ts';

type Status = ResponseOf<'/mcp_servers/{server}/credentials'>;
type Server = GlobalOptions & { server: string };

/** Which names the server declares, which are set and when; never a value (the service has none to give). */
function statusText(status: Status, width?: number): string {
  if (status.credentials.length === 0) return `${status.server} declares no credentials.`;
  const rows = status.credentials.map((c) => [c.name, c.set ? 'set' : 'not set', when(c.updated_at)]);
  const lines = [table(['NAME', 'STATUS', 'UPDATED'], rows, width)];
  if (status.missing.length) lines.push(`${status.server} will not run until these are set: ${status.missing.join(', ')}`);
  if (status.setup_url) lines.push(`Get them at ${status.setup_url}`);
  return lines.join('\n');
}

const serverArg = { type: 'string', demandOption: true, describe: 'the server name' } as const;
const nameArg = { type: 'string', demandOption: true, describe: 'the credential name the server declares, e.g. GITHUB_TOKEN' } as const;

const list: CommandModule<GlobalOptions, Server> = {
  command: 'list <server>',
  describe: 'the credentials a server declares, and which of them you have set',
  builder: (y) => y.positional('server', serverArg),
  handler: async (argv) => {
    const ctx = await contextOf(argv);
    const answer = await call(ctx.conn, 'get', '/mcp_servers/{server}/credentials', { params: { server: argv.server } });
    ctx.out.result(answer, () => statusText(answer, ctx.out.width));
  },
};

const set: CommandModule<GlobalOptions, Server & { name: string }> = {
  command: 'set <server> <name>',
  describe: 'store a credential value: typed at a hidden prompt, or read from stdin (never an argument)',
  builder: (y) => y.positional('server', serverArg).positional('name', nameArg),
  handler: async (argv) => {
    const ctx = await contextOf(argv);
    const value = await readSecret(`${argv.name} for ${argv.server} (not shown): `);
    const answer = await call(ctx.conn, 'put', '/mcp_servers/{server}/credentials', { params: { server: argv.server }, body: { values: { [argv.name]: value } } });
    ctx.out.result(answer, () => `${argv.name} set for ${answer.server}.\n${statusText(answer, ctx.out.width)}`);
  },
};

const remove: CommandModule<GlobalOptions, Server & { name: string }> = {
  command: 'delete <server> <name>',
  describe: 'remove one of your credential values for a server',
  builder: (y) => y.positional('server', serverArg).positional('name', nameArg),
  handler: async (argv) => {
    const ctx = await contextOf(argv);
    await call(ctx.conn, 'delete', '/mcp_servers/{server}/credentials/{name}', { params: { server: argv.server, name: argv.name } });
    ctx.out.result({ server: argv.server, name: argv.name, deleted: true }, () => `${argv.name} removed for ${argv.server}.`);
  },
};

/** `switchboard servers credentials list|set|delete` (issue 35, item 4). */
export const credentialsCommand: CommandModule<GlobalOptions, GlobalOptions> = {
  command: 'credentials <command>',
  describe: 'your credentials for a server: list, set, delete',
  builder: (y) => y.command(list).command(set).command(remove).demandCommand(1),
  handler: () => undefined,
};
