import { hostname } from 'node:os';
import type { CommandModule } from 'yargs';
import type { ResponseOf } from '../../../contracts/openapi.d.ts';
import { contextOf } from '../context.ts';
import type { Context, GlobalOptions } from '../context.ts';
import { EXIT, Failure } from '../failure.ts';
import { call } from '../http.ts';
import { openBrowser } from '../open-browser.ts';
import { when } from '../output.ts';

type StartAnswer = ResponseOf<'/auth/cli/start', 'post'>;
type PollAnswer = ResponseOf<'/auth/cli/poll', 'post'>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const loginCommand: CommandModule<GlobalOptions, GlobalOptions & { browser: boolean }> = {
  command: 'login',
  describe: 'log in through the browser (device code); the token is kept in your config folder',
  builder: (y) => y.option('browser', { type: 'boolean', default: true, describe: 'open the verification page in a browser (--no-browser: only print it)' }),
  handler: async (argv) => {
    const ctx = await contextOf(argv);
    // api_key: a login that lasts until revoked (logout, or the console's API keys), not the session token's minutes.
    const start = await call(ctx.conn, 'post', '/auth/cli/start', {
      auth: 'none',
      body: { client_name: `switchboard CLI on ${hostname()}`, api_key: true },
    });
    const page = start.verification_url_complete ?? start.verification_url;
    ctx.out.note(`Your one-time code: ${start.user_code}`);
    ctx.out.note(`Open ${page} and approve the login (the code expires in ${Math.round(start.expires_in / 60)} min).`);
    if (argv.browser && openBrowser(page, ctx.conn.url)) ctx.out.note('Opened it in your browser.');
    ctx.out.note('Waiting for approval…');
    const done = await pollUntilDecided(ctx, start);
    const key = done.api_key;
    const expiresAt = key ? null : Math.floor(Date.now() / 1000) + done.expires_in;
    await ctx.store.save(ctx.conn.url, {
      access_token: key ? key.api_key : done.access_token,
      token_type: done.token_type,
      expires_at: expiresAt,
      ...(key ? { key_id: key.id } : {}),
      user: done.user,
    });
    if (done.api_key_refused) ctx.out.note(`No device key (${done.api_key_refused}); this login lasts until ${when(expiresAt!)}.`);
    ctx.out.result({ url: ctx.conn.url, user: done.user, expires_at: expiresAt, key_prefix: key?.prefix ?? null, credentials_file: ctx.store.path }, () =>
      [
        `Logged in to ${ctx.conn.url} as ${done.user.email} (${done.user.plan} plan).`,
        key
          ? `A key for this device (sb_${key.prefix}…) is saved to ${ctx.store.path}; it lasts until \`switchboard logout\` or you revoke it in the console.`
          : `Token saved to ${ctx.store.path}, valid until ${when(expiresAt!)}.`,
      ].join('\n'),
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
      answer = await call(ctx.conn, 'post', '/auth/cli/poll', { auth: 'none', body: { device_code: start.device_code } });
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

export const logoutCommand: CommandModule<GlobalOptions, GlobalOptions> = {
  command: 'logout',
  describe: 'forget the stored login for the service',
  handler: async (argv) => {
    const ctx = await contextOf(argv);
    const login = (await ctx.store.read()).logins[ctx.conn.url];
    const revoked = login?.key_id ? await revokeDeviceKey(ctx, login.access_token, login.key_id) : undefined;
    const removed = await ctx.store.remove(ctx.conn.url);
    ctx.out.result({ url: ctx.conn.url, logged_out: removed, key_revoked: revoked === true }, () =>
      removed
        ? [`Logged out of ${ctx.conn.url}.`, ...(typeof revoked === 'string' ? [revoked] : revoked ? ['The device key is revoked.'] : [])].join('\n')
        : `Not logged in to ${ctx.conn.url}.`,
    );
  },
};

/** Revokes the device key with itself; true, or why not (the local copy is forgotten either way). */
async function revokeDeviceKey(ctx: Context, key: string, keyId: string): Promise<true | string> {
  try {
    await call(ctx.conn, 'delete', '/api-keys/{key_id}', { params: { key_id: keyId }, headers: { authorization: `Bearer ${key}` }, auth: 'none' });
    return true;
  } catch (error) {
    if (error instanceof Failure && error.exitCode === EXIT.auth) return true; // already revoked elsewhere
    return `The device key could not be revoked (${error instanceof Error ? error.message : String(error)}); revoke it in the console's API keys.`;
  }
}

const SOURCE = { flag: 'the --key option', env: 'SWITCHBOARD_API_KEY', login: 'your login' } as const;

export const whoamiCommand: CommandModule<GlobalOptions, GlobalOptions> = {
  command: 'whoami',
  describe: 'show who the service sees you as',
  handler: async (argv) => {
    const ctx = await contextOf(argv);
    // POST /auth/login answers the caller's user record for any credential (spec, Authentication).
    const { user } = await call(ctx.conn, 'post', '/auth/login');
    const credential = ctx.conn.credential!;
    ctx.out.result({ url: ctx.conn.url, user, credential: credential.source, expires_at: credential.expiresAt ?? null }, () =>
      [
        `${user.email} (${user.role}, ${user.plan} plan) on ${ctx.conn.url}`,
        `user id ${user.id}; credential from ${SOURCE[credential.source]}${credential.expiresAt ? `, valid until ${when(credential.expiresAt)}` : ''}`,
      ].join('\n'),
    );
  },
};
