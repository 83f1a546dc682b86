import type { CommandModule } from 'yargs';
import type { ResponseOf } from '../../../contracts/openapi.d.ts';
import { contextOf } from '../context.ts';
import type { Context, GlobalOptions } from '../context.ts';
import { EXIT, Failure } from '../failure.ts';
import { call } from '../http.ts';
import { openBrowser } from '../open-browser.ts';
import { when } from '../output.ts';

type Status = ResponseOf<'/mcp_servers/{server}/connection', 'get'>;
type Args = GlobalOptions & { server: string; browser: boolean; wait: boolean; interval: number };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls the connection's status until the callback made it (a connection newer than `since`),
 * or the link expired. The CLI never sees a token: the authorization server calls the service.
 */
async function waitForConnection(ctx: Context, server: string, since: number, until: number, intervalMs: number): Promise<Status> {
  while (Date.now() / 1000 < until) {
    await sleep(intervalMs);
    const status = await call(ctx.conn, 'get', '/mcp_servers/{server}/connection', { params: { server } });
    if (status.status === 'connected' && (status.connected_at ?? 0) >= since) return status;
  }
  throw new Failure(`the link expired before ${server} was connected; run \`switchboard servers connect ${server}\` again`, EXIT.failed);
}

/** `switchboard servers connect <server>` (issue 36, item 3): prints (and opens) the link, waits for the connection. */
export const connectCommand: CommandModule<GlobalOptions, Args> = {
  command: 'connect <server>',
  describe: 'connect your own account on a remote server that asks for OAuth: opens its sign-in page and waits',
  builder: (y) =>
    y
      .positional('server', { type: 'string', demandOption: true, describe: 'the server name' })
      .option('browser', { type: 'boolean', default: true, describe: 'open the link in a browser (--no-browser: only print it)' })
      .option('wait', { type: 'boolean', default: true, describe: 'wait until the connection is made (--no-wait: print the link and return)' })
      .option('interval', { type: 'number', default: 2, describe: 'seconds between status checks while waiting' }),
  handler: async (argv) => {
    const ctx = await contextOf(argv);
    const since = Math.floor(Date.now() / 1000);
    const started = await call(ctx.conn, 'post', '/mcp_servers/{server}/connection', { params: { server: argv.server } });
    ctx.out.note(`Open this link to connect your account on ${started.server} (valid until ${when(started.expires_at)}):`);
    ctx.out.note(started.authorization_url);
    // The link is on the server's own authorization server, not ours: opened as any printed link, without a shell.
    if (argv.browser && openBrowser(started.authorization_url, new URL(started.authorization_url).origin)) ctx.out.note('Opened it in your browser.');
    if (!argv.wait) return ctx.out.result(started, () => '');
    ctx.out.note('Waiting for the connection…');
    const status = await waitForConnection(ctx, argv.server, since, started.expires_at, Math.max(0.2, argv.interval) * 1000);
    ctx.out.result(status, () => `${status.server} is connected${status.expires_at ? `; its token is refreshed before ${when(status.expires_at)}` : ''}.`);
  },
};

/** `switchboard servers disconnect <server>`. */
export const disconnectCommand: CommandModule<GlobalOptions, GlobalOptions & { server: string }> = {
  command: 'disconnect <server>',
  describe: 'forget your OAuth connection to a server and its tokens',
  builder: (y) => y.positional('server', { type: 'string', demandOption: true, describe: 'the server name' }),
  handler: async (argv) => {
    const ctx = await contextOf(argv);
    await call(ctx.conn, 'delete', '/mcp_servers/{server}/connection', { params: { server: argv.server } });
    ctx.out.result({ server: argv.server, disconnected: true }, () => `${argv.server} disconnected.`);
  },
};
