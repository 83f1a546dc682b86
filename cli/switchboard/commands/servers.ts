import type { CommandModule } from 'yargs';
import { contextOf } from '../context.ts';
import type { GlobalOptions } from '../context.ts';
import { call } from '../http.ts';
import { table } from '../output.ts';
import { connectCommand, disconnectCommand } from './connect.ts';
import { credentialsCommand } from './credentials.ts';

const list: CommandModule<GlobalOptions, GlobalOptions> = {
  command: 'list',
  describe: 'the MCP servers you can use, and whether each is on for you',
  handler: async (argv) => {
    const ctx = await contextOf(argv);
    const answer = await call(ctx.conn, 'get', '/mcp_servers');
    ctx.out.result(answer, () => {
      if (answer.servers.length === 0) return 'No servers.';
      const rows = answer.servers.map((s) => [s.name, s.enabled ? 'yes' : 'no', String(s.tools_count), s.category, s.description]);
      return table(['SERVER', 'ENABLED', 'TOOLS', 'CATEGORY', 'DESCRIPTION'], rows, ctx.out.width);
    });
  },
};

function toggle(enabled: boolean): CommandModule<GlobalOptions, GlobalOptions & { name: string }> {
  return {
    command: `${enabled ? 'enable' : 'disable'} <name>`,
    describe: enabled ? 'switch a server on for you' : 'switch a server off for you (its tools stop running for you)',
    builder: (y) => y.positional('name', { type: 'string', demandOption: true, describe: 'the server name' }),
    handler: async (argv) => {
      const ctx = await contextOf(argv);
      const answer = await call(ctx.conn, 'post', '/mcp_servers/toggle', {
        body: { server: argv.name, enabled },
      });
      ctx.out.result(answer, () => `${answer.server}: ${answer.enabled ? `enabled (${answer.tools_enabled} tools)` : 'disabled'}.`);
    },
  };
}

export const serversCommand: CommandModule<GlobalOptions, GlobalOptions> = {
  command: 'servers <command>',
  describe: 'MCP servers: list, enable, disable, credentials, connect, disconnect',
  builder: (y) => y.command(list).command(toggle(true)).command(toggle(false)).command(credentialsCommand).command(connectCommand).command(disconnectCommand).demandCommand(1),
  handler: () => undefined,
};
