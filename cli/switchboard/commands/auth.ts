import { spawn } from 'node:child_process';
import { hostname } from 'node:os';
import type { CommandModule } from 'yargs';
import { contextOf } from '../context.ts';
import type { Context, GlobalOptions } from '../context.ts';
import { EXIT, Failure } from '../failure.ts';
import { call } from '../http.ts';
import { when } from '../output.ts';

interface StartAnswer {
  device_code: string;
  user_code: string;
  verification_url: string;
  verification_url_complete?: string;
  expires_in: number;
  interval?: number;
}
type User = { id: string; email: string; role: string; plan: string };
type PollAnswer =
  | { status: 'pending'; interval?: number; expires_in?: number }
  | { status: 'denied'; message?: string }
  | { status: 'complete'; access_token: string; token_type: string; expires_in: number; user: User };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const loginCommand: CommandModule<GlobalOptions, GlobalOptions & { browser: boolean }> = {
  command: 'login',
  describe: 'log in through the browser (device code); the token is kept in your config folder',
  builder: (y) => y.option('browser', { type: 'boolean', default: true, describe: 'open the verification page in a browser (--no-browser: only print it)' }),
  handler: async (argv) => {
    const ctx = await contextOf(argv);
    const start = await call<StartAnswer>(ctx.conn, 'POST', '/auth/cli/start', { auth: 'none', body: { client_name: `switchboard CLI on ${hostname()}` } });
    const page = start.verification_url_complete ?? start.verification_url;
    ctx.out.note(`Your one-time code: ${start.user_code}`);
    ctx.out.note(`Open ${page} and approve the login (the code expires in ${Math.round(start.expires_in / 60)} min).`);
    if (argv.browser && openBrowser(page)) ctx.out.note('Opened it in your browser.');
    ctx.out.note('Waiting for approval…');
    const done = await pollUntilDecided(ctx, start);
    const expiresAt = Math.floor(Date.now() / 1000) + done.expires_in;
    await ctx.store.save(ctx.conn.url, { access_token: done.access_token, token_type: done.token_type, expires_at: expiresAt, user: done.user });
    ctx.out.result({ url: ctx.conn.url, user: done.user, expires_at: expiresAt, credentials_file: ctx.store.path }, () =>
      [`Logged in to ${ctx.conn.url} as ${done.user.email} (${done.user.plan} plan).`, `Token saved to ${ctx.store.path}, valid until ${when(expiresAt)}.`].join('\n'),
    );
  },
};

/** Polls at the interval the service asks for until the request is approved, denied or expired. */
async function pollUntilDecided(ctx: Context, start: StartAnswer): Promise<Extract<PollAnswer, { status: 'complete' }>> {
  let intervalMs = (start.interval ?? 5) * 1000;
  const deadline = Date.now() + start.expires_in * 1000;
  while (Date.now() < deadline) {
    await sleep(intervalMs);
    let answer: PollAnswer;
    try {
      answer = await call<PollAnswer>(ctx.conn, 'POST', '/auth/cli/poll', { auth: 'none', body: { device_code: start.device_code } });
    } catch (error) {
      const reason = (error as Failure).service?.details as { reason?: string } | undefined;
      if (reason?.reason === 'expired') break;
      throw error;
    }
    if (answer.status === 'complete') return answer;
    if (answer.status === 'denied') throw new Failure(`the login was denied${answer.message ? `: ${answer.message}` : ''}`, EXIT.auth);
    if (answer.interval) intervalMs = answer.interval * 1000;
  }
  throw new Failure('the login code expired before it was approved: run `switchboard login` again', EXIT.auth);
}

/** Opens the page where a browser can exist; false (print only) anywhere else. */
function openBrowser(page: string): boolean {
  if (!process.stderr.isTTY) return false;
  const opener =
    process.platform === 'darwin'
      ? ['open', page]
      : process.platform === 'win32'
        ? ['cmd', '/c', 'start', '', page]
        : process.env.DISPLAY || process.env.WAYLAND_DISPLAY
          ? ['xdg-open', page]
          : undefined;
  if (!opener) return false;
  const child = spawn(opener[0]!, opener.slice(1), { stdio: 'ignore', detached: true });
  child.on('error', () => undefined); // no opener installed: the printed URL is enough
  child.unref();
  return true;
}

export const logoutCommand: CommandModule<GlobalOptions, GlobalOptions> = {
  command: 'logout',
  describe: 'forget the stored login for the service',
  handler: async (argv) => {
    const ctx = await contextOf(argv);
    const removed = await ctx.store.remove(ctx.conn.url);
    ctx.out.result({ url: ctx.conn.url, logged_out: removed }, () => (removed ? `Logged out of ${ctx.conn.url}.` : `Not logged in to ${ctx.conn.url}.`));
  },
};

const SOURCE = { flag: 'the --key option', env: 'SWITCHBOARD_API_KEY', login: 'your login' } as const;

export const whoamiCommand: CommandModule<GlobalOptions, GlobalOptions> = {
  command: 'whoami',
  describe: 'show who the service sees you as',
  handler: async (argv) => {
    const ctx = await contextOf(argv);
    // POST /auth/login answers the caller's user record for any credential (spec, Authentication).
    const { user } = await call<{ user: User }>(ctx.conn, 'POST', '/auth/login');
    const credential = ctx.conn.credential!;
    ctx.out.result({ url: ctx.conn.url, user, credential: credential.source, expires_at: credential.expiresAt ?? null }, () =>
      [
        `${user.email} (${user.role}, ${user.plan} plan) on ${ctx.conn.url}`,
        `user id ${user.id}; credential from ${SOURCE[credential.source]}${credential.expiresAt ? `, valid until ${when(credential.expiresAt)}` : ''}`,
      ].join('\n'),
    );
  },
};
