import { execFile } from 'node:child_process';
import { readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/test-app.ts';
import { LONG, until } from '../execution/helpers/setup.ts';
import { startReceiver } from '../webhooks/receiver.ts';
import { closedPort, freshHome, runCli, runCliInTerminal } from './helpers/run-cli.ts';
import type { CliRun } from './helpers/run-cli.ts';
import { startListeningService } from './helpers/service.ts';

type Json = Record<string, any>;

// The real `switchboard` binary, as a child process, against the whole service listening on a
// port (real worker, real server-everything). Each test states the exit code it expects.
describe('switchboard command', { timeout: 90_000 }, () => {
  let t: TestApp;
  let url: string;
  let requests: string[];
  let home: string;
  let apiKey: string;
  /** The environment of a script: the service and a key from the environment. */
  let scripted: Record<string, string>;

  const parse = (run: CliRun): Json => JSON.parse(run.stdout) as Json;
  const cli = (args: string[], env: Record<string, string> = scripted) => runCli(args, env);

  beforeAll(async () => {
    ({ t, url, requests } = await startListeningService({ ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' }));
    home = await freshHome();
    apiKey = (await t.createUser({ plan: 'pro' })).apiKey;
    scripted = { HOME: home, XDG_CONFIG_HOME: join(home, 'config'), SWITCHBOARD_URL: url, SWITCHBOARD_API_KEY: apiKey };
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    if (home) await rm(home, { recursive: true, force: true });
  });

  describe('login through the device flow', () => {
    it('prints a code, waits for the approval, stores a device key 0600; whoami uses it; logout revokes and forgets it', async () => {
      const person = await t.createUser({ email: 'cli-person@example.test' });
      const configHome = join(home, 'person');
      const env = { HOME: home, XDG_CONFIG_HOME: configHome };
      let approval: Promise<Response> | undefined;
      // The console's approval page does this with the person's own session: here their API key.
      const login = runCli(['login', '--url', url, '--json'], env, (stderr) => {
        const code = /one-time code: ([A-Z]{4}-[A-Z]{4})/.exec(stderr)?.[1];
        if (code && !approval) {
          approval = fetch(`${url}/auth/cli/complete`, {
            method: 'POST',
            headers: { authorization: `Bearer ${person.apiKey}`, 'content-type': 'application/json' },
            body: JSON.stringify({ user_code: code }),
          });
        }
      });
      const run = await login;
      expect(approval).toBeDefined();
      expect((await approval!).status).toBe(200);
      expect(run.code).toBe(0);
      expect(run.stderr).toMatch(/Open http:\/\/127\.0\.0\.1:\d+\/\S+user_code=[A-Z]{4}-[A-Z]{4}/);
      expect(parse(run)).toMatchObject({ url, user: { id: person.user.id, email: 'cli-person@example.test' } });

      const file = join(configHome, 'switchboard', 'credentials.json');
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect((await stat(join(configHome, 'switchboard'))).mode & 0o777).toBe(0o700);
      const stored = JSON.parse(await readFile(file, 'utf8')) as Json;
      expect(stored.current_url).toBe(url);
      // The device's own key, not the 15-minute session token: a login that lasts until revoked.
      const deviceKey: string = stored.logins[url].access_token;
      expect(deviceKey).toMatch(/^sb_/);
      expect(stored.logins[url]).toMatchObject({ expires_at: null, key_id: expect.any(String) });
      expect(parse(run)).toMatchObject({ expires_at: null, key_prefix: deviceKey.slice(3, 13) });

      // No --url, no key: the stored login and its service.
      const whoami = await runCli(['whoami'], env);
      expect(whoami.code).toBe(0);
      expect(whoami.stdout).toContain(`cli-person@example.test (user, free plan) on ${url}`);
      expect(whoami.stdout).toContain('credential from your login');
      const whoamiJson = await runCli(['whoami', '--json'], env);
      expect(parse(whoamiJson)).toMatchObject({ url, credential: 'login', user: { id: person.user.id } });
      const echo = await runCli(['exec', 'everything/echo', '--arg', 'message=as the person'], env);
      expect(echo).toMatchObject({ code: 0, stdout: 'Echo: as the person\n' });

      const logout = await runCli(['logout', '--url', url], env);
      expect(logout).toMatchObject({ code: 0, stdout: `Logged out of ${url}.\nThe device key is revoked.\n` });
      expect((await fetch(`${url}/auth/login`, { method: 'POST', headers: { authorization: `Bearer ${deviceKey}` } })).status).toBe(401);
      await expect(stat(file)).rejects.toThrow();
      const after = await runCli(['whoami', '--url', url], env);
      expect(after.code).toBe(3);
      expect(after.stderr).toContain('not logged in');
    });

    it('a denied login ends with exit 3 and stores nothing', async () => {
      const person = await t.createUser();
      const configHome = join(home, 'denied');
      let sent = false;
      const run = await runCli(['login', '--url', url], { HOME: home, XDG_CONFIG_HOME: configHome }, (stderr) => {
        const code = /one-time code: ([A-Z]{4}-[A-Z]{4})/.exec(stderr)?.[1];
        if (code && !sent) {
          sent = true;
          void fetch(`${url}/auth/cli/complete`, {
            method: 'POST',
            headers: { authorization: `Bearer ${person.apiKey}`, 'content-type': 'application/json' },
            body: JSON.stringify({ user_code: code, decision: 'deny' }),
          });
        }
      });
      expect(run.code).toBe(3);
      expect(run.stderr).toContain('the login was denied');
      await expect(stat(join(configHome, 'switchboard', 'credentials.json'))).rejects.toThrow();
    });
  });

  describe('search', () => {
    it('prints a table of tools with their score, and the answer as JSON with --json', async () => {
      const table = await cli(['search', 'echo', 'back', 'a', 'message', '--top-k', '3']);
      expect(table.code).toBe(0);
      const lines = table.stdout.trim().split('\n');
      expect(lines[0]).toMatch(/^SCORE\s+TOOL\s+STATE\s+DESCRIPTION$/);
      expect(lines).toHaveLength(4);
      expect(lines.some((l) => /^\d\.\d\d\s+everything\/echo\s+ready\s+Echoes back the input string/.test(l))).toBe(true);

      const json = await cli(['search', 'add two numbers', '--server', 'everything', '--json']);
      expect(json.code).toBe(0);
      const body = parse(json);
      expect(body.tools.length).toBeGreaterThan(0);
      expect(body.tools.every((tool: Json) => tool.server === 'everything' && typeof tool.score === 'number')).toBe(true);
      expect(body.tools.map((tool: Json) => tool.name)).toContain('get-sum');
    });
  });

  describe('exec', () => {
    it('runs echo with --args and with --arg, printing the result', async () => {
      const withJson = await cli(['exec', 'everything/echo', '--args', '{"message": "hi from --args"}']);
      expect(withJson).toMatchObject({ code: 0, stdout: 'Echo: hi from --args\n' });
      const withPair = await cli(['exec', 'everything/echo', '--arg', 'message=hi from --arg', '--json']);
      expect(withPair.code).toBe(0);
      expect(parse(withPair)).toMatchObject({ tool_name: 'everything/echo', status: 'success', result: { content: [{ type: 'text', text: 'Echo: hi from --arg' }] } });
    });

    it('reads --arg values as the types of the schema (numbers for get-sum)', async () => {
      const sum = await cli(['exec', 'everything/get-sum', '--arg', 'a=2', '--arg', 'b=3.5']);
      expect(sum.code).toBe(0);
      expect(sum.stdout).toContain('5.5');
    });

    it('refuses arguments that break the schema with exit 2, before any execution request', async () => {
      const before = requests.length;
      const notNumber = await cli(['exec', 'everything/get-sum', '--arg', 'a=two', '--arg', 'b=3']);
      expect(notNumber.code).toBe(2);
      expect(notNumber.stderr).toContain('--arg a: "two" is not a number');
      const missing = await cli(['exec', 'everything/echo', '--args', '{}', '--json']);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain('invalid arguments for everything/echo: Missing required argument "message"');
      expect(parse(missing).error).toMatchObject({ exit_code: 2 });
      const notObject = await cli(['exec', 'everything/echo', '--args', '[1]']);
      expect(notObject.code).toBe(2);
      // The CLI read the schema (GET /v1/tools/...) and stopped there.
      const sent = requests.slice(before);
      expect(sent.filter((r) => r.startsWith('GET /v1/tools/'))).toHaveLength(3);
      expect(sent.filter((r) => !r.startsWith('GET /v1/tools/'))).toEqual([]);
    });
  });

  describe('jobs', () => {
    it('submits a job and watches it to completion with progress lines; jobs watch, get, list and cancel it after', async () => {
      const submitted = await cli(['exec', `everything/${LONG}`, '--arg', 'duration=0.1', '--arg', 'steps=1', '--job', '--json']);
      expect(submitted.code).toBe(0);
      expect(parse(submitted)).toMatchObject({ status: 'queued', tool: LONG, job_id: expect.any(String) });

      // Submitted and followed by one process, so the stream is open before the first step (1 s each).
      const watch = await cli(['exec', `everything/${LONG}`, '--arg', 'duration=4', '--arg', 'steps=4', '--job', '--watch']);
      expect(watch.code).toBe(0);
      // Off a terminal the bar is one line per change of the job, on stderr.
      const progress = watch.stderr.trim().split('\n');
      // A stream shows the job as it is when it reads it: under load two steps can land between
      // two reads, so the test asks for steps in order, not for each of them.
      const steps = progress.map((l) => /(\d+)% \| running \| ([1-3]) of 4$/.exec(l)).filter((m) => m !== null);
      expect(steps.length).toBeGreaterThanOrEqual(1);
      for (const m of steps) expect(Number(m[1])).toBe(Number(m[2]) * 25);
      const percentages = progress.map((l) => Number(/(\d+)%/.exec(l)?.[1]));
      expect(percentages).toEqual([...percentages].sort((a, b) => a - b));
      expect(progress.at(-1)).toMatch(/100% \| completed \| done in \d+ ms$/);
      expect(new Set(progress).size).toBe(progress.length);
      const jobId = /^job (\S+): completed$/m.exec(watch.stdout)?.[1];
      expect(jobId).toBeDefined();
      const job = { job_id: jobId! };
      expect(watch.stdout).toContain('Long running operation completed. Duration: 4 seconds, Steps: 4.');

      // On a terminal cli-progress draws one bar in place (cursor hidden meanwhile), then the job.
      const screen = await runCliInTerminal(['jobs', 'watch', job.job_id], scripted);
      expect(screen.code).toBe(0);
      expect(screen.stdout).toContain('\x1b[?25l');
      expect(screen.stdout).toMatch(/█{30} 100% \| completed \| done in \d+ ms/);
      expect(screen.stdout).toContain(`job ${job.job_id}: completed`);

      const again = await cli(['jobs', 'watch', job.job_id, '--json']);
      expect(again.code).toBe(0);
      expect(parse(again)).toMatchObject({ job_id: job.job_id, status: 'completed', result: { content: [{ type: 'text' }] } });
      const get = await cli(['jobs', 'get', job.job_id, '--json']);
      expect(parse(get)).toMatchObject({ job_id: job.job_id, status: 'completed' });
      const list = await cli(['jobs', 'list', '--status', 'completed']);
      expect(list.code).toBe(0);
      expect(list.stdout).toMatch(new RegExp(`${job.job_id}\\s+completed`));
      // A finished job cannot be canceled: the job's state, not the command line (exit 1, not 2).
      const cancel = await cli(['jobs', 'cancel', job.job_id]);
      expect(cancel.code).toBe(1);
      expect(cancel.stderr).toContain('INVALID_REQUEST');
    });

    it('exit 1 when the job fails (its time limit) and when a direct run fails', async () => {
      const watched = await cli(['exec', `everything/${LONG}`, '--arg', 'duration=5', '--job', '--timeout', '1000', '--watch', '--json']);
      expect(watched.code).toBe(1);
      expect(parse(watched)).toMatchObject({ status: 'timeout', error: { code: 'EXECUTION_TIMEOUT' } });
      const direct = await cli(['exec', `everything/${LONG}`, '--arg', 'duration=5', '--timeout', '500']);
      expect(direct.code).toBe(1);
      expect(direct.stderr).toContain('(TIMEOUT)');
    });

    it('get and cancel of an unknown job are exit 4', async () => {
      const unknown = await cli(['jobs', 'get', '00000000-0000-4000-8000-000000000000']);
      expect(unknown.code).toBe(4);
      expect(unknown.stderr).toContain('JOB_NOT_FOUND');
      const cancel = await cli(['jobs', 'cancel', '00000000-0000-4000-8000-000000000000', '--json']);
      expect(cancel.code).toBe(4);
      expect(parse(cancel).error).toMatchObject({ status: 404, code: 'JOB_NOT_FOUND', exit_code: 4 });
    });
  });

  describe('servers and webhooks', () => {
    it('lists servers, disables one (its tools stop: exit 4) and enables it again', async () => {
      const list = await cli(['servers', 'list']);
      expect(list.code).toBe(0);
      expect(list.stdout).toMatch(/^everything\s+\w+\s+13\s+development/m);
      const off = await cli(['servers', 'disable', 'everything', '--json']);
      expect(parse(off)).toMatchObject({ server: 'everything', enabled: false });
      const refused = await cli(['exec', 'everything/echo', '--arg', 'message=x']);
      expect(refused.code).toBe(4);
      const on = await cli(['servers', 'enable', 'everything']);
      expect(on).toMatchObject({ code: 0, stdout: 'everything: enabled (13 tools).\n' });
      expect((await cli(['exec', 'everything/echo', '--arg', 'message=back'])).stdout).toBe('Echo: back\n');
      expect((await cli(['servers', 'enable', 'no-such-server'])).code).toBe(4);
    });

    it('lists webhook subscriptions and their deliveries', async () => {
      const receiver = await startReceiver({ failFirst: 0 });
      try {
        const created = await fetch(`${url}/webhooks`, {
          method: 'POST',
          headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ url: receiver.url, events: ['tool.executed'] }),
        });
        expect(created.status).toBe(201);
        const { id } = (await created.json()) as { id: string };
        const list = await cli(['webhooks', 'list']);
        expect(list.code).toBe(0);
        expect(list.stdout).toMatch(new RegExp(`^${id}\\s+active\\s+0\\s+\\S*\\s*${receiver.url.replaceAll('.', '\\.')}\\s+tool\\.executed$`, 'm'));
        expect(parse(await cli(['webhooks', 'list', '--json'])).webhooks).toEqual(expect.arrayContaining([expect.objectContaining({ id })]));

        // One run of a tool is one tool.executed event, delivered to the receiver.
        expect((await cli(['exec', 'everything/echo', '--arg', 'message=hooked'])).code).toBe(0);
        await until(async () => receiver.received.length > 0, 30_000);
        const delivered = await until(async () => {
          const run = await cli(['webhooks', 'deliveries', id, '--json']);
          return (parse(run).deliveries as Json[]).find((d) => d.status === 'delivered') ? run : undefined;
        }, 30_000, 500);
        expect(parse(delivered).deliveries[0]).toMatchObject({ event: 'tool.executed', attempts: [{ attempt: 1, status_code: 200 }] });
        const shown = await cli(['webhooks', 'deliveries', id]);
        expect(shown.code).toBe(0);
        expect(shown.stdout).toMatch(/^DELIVERY\s+STATUS\s+ATTEMPTS\s+LAST ANSWER\s+CREATED\s+NEXT TRY\s+EVENT$/m);
        expect(shown.stdout).toMatch(/\s+delivered\s+1\s+HTTP 200\s+.*tool\.executed$/m);
        expect((await cli(['webhooks', 'deliveries', '00000000-0000-4000-8000-000000000000'])).code).toBe(4);
      } finally {
        await receiver.close();
      }
    });
  });

  describe('exit codes', () => {
    it('2 for a command line it cannot run, with nothing sent', async () => {
      const before = requests.length;
      expect((await cli(['bogus'])).code).toBe(2);
      expect((await cli(['search', 'x', '--top-k', '0'])).code).toBe(2);
      expect((await cli(['jobs'])).code).toBe(2);
      const noTool = await cli(['exec']);
      expect(noTool.code).toBe(2);
      expect(noTool.stderr).toContain('Not enough non-option arguments');
      expect(requests.length).toBe(before);
    });

    it('3 for a bad key or no credential', async () => {
      const bad = await cli(['whoami'], { ...scripted, SWITCHBOARD_API_KEY: 'sb_notakey_0000000000000000000000000000' });
      expect(bad.code).toBe(3);
      expect(bad.stderr).toContain('UNAUTHORIZED');
      const none = await cli(['jobs', 'list'], { HOME: home, XDG_CONFIG_HOME: join(home, 'nobody'), SWITCHBOARD_URL: url });
      expect(none.code).toBe(3);
    });

    it('4 for an unknown tool, 5 when nothing listens, with --json one document on stdout', async () => {
      expect((await cli(['exec', 'everything/no-such-tool', '--args', '{}'])).code).toBe(4);
      const port = await closedPort();
      const down = await cli(['search', 'anything', '--json', '--url', `http://127.0.0.1:${port}`]);
      expect(down.code).toBe(5);
      expect(parse(down).error).toMatchObject({ exit_code: 5 });
      expect(down.stderr).toContain(`cannot reach the service at http://127.0.0.1:${port} (ECONNREFUSED)`);
    });

    it('--help documents the exit codes', async () => {
      const help = await cli(['--help']);
      expect(help.code).toBe(0);
      expect(help.stdout).toContain('Exit codes:');
      expect(help.stdout).toMatch(/5 {2}the service is unreachable/);
    });
  });

  describe('operator commands', () => {
    it('switchboard admin creates and lists users through the service with the admin key', async () => {
      const env = { HOME: home, XDG_CONFIG_HOME: join(home, 'admin'), ADMIN_KEY: t.adminHeaders['x-admin-key'] };
      const created = await runCli(['admin', 'users', 'create', '--email', 'made-by-cli@example.test', '--plan', 'pro', '--url', url, '--json'], env);
      expect(created.code).toBe(0);
      const { user_id, api_key } = parse(created);
      expect(api_key).toMatch(/^sb_/);
      const whoami = await runCli(['whoami', '--url', url, '--key', api_key, '--json'], env);
      expect(parse(whoami).user).toMatchObject({ id: user_id, email: 'made-by-cli@example.test', plan: 'pro' });
      const list = await runCli(['admin', 'users', 'list', '--url', url], env);
      expect(list.stdout).toMatch(new RegExp(`^${user_id}\\s+made-by-cli@example\\.test\\s+user\\s+pro$`, 'm'));
      const badEmail = await runCli(['admin', 'users', 'create', '--email', 'nope', '--url', url], env);
      expect(badEmail.code).toBe(2);
      const noAdmin = await runCli(['admin', 'users', 'list', '--url', url, '--admin-key', 'wrong-admin-key-0123456789'], env);
      expect(noAdmin.code).toBe(3);
    });

    it('`npm run cli` keeps its commands and its one-line JSON, on the database and through the service', async () => {
      const tsx = join(import.meta.dirname, '../../node_modules/.bin/tsx');
      const operator = (args: string[], env: Record<string, string>) =>
        new Promise<CliRun>((done) => {
          execFile(tsx, ['cli/main.ts', ...args], { cwd: join(import.meta.dirname, '../..'), env: { PATH: process.env.PATH, HOME: home, ...env } }, (error, stdout, stderr) =>
            done({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
          );
        });
      const production = { DATABASE_URL: t.config.DATABASE_URL!, TEMPORAL_ADDRESS: 'unused:7233', ADMIN_KEY: t.adminHeaders['x-admin-key'], JWT_SECRET: 'unused-jwt-secret-0123456789abcdef', CREDENTIALS_KEY: t.config.CREDENTIALS_KEY! };
      const created = await operator(['users', 'create', '--email', 'operator-db@example.test'], production);
      expect(created.code).toBe(0);
      expect(created.stdout).toMatch(/^\{"user_id":"[0-9a-f-]{36}","api_key":"sb_[^"]+"\}\n$/);
      const key = await operator(['keys', 'create', '--user', (JSON.parse(created.stdout) as Json).user_id], production);
      expect(key.stdout).toMatch(/^\{"user_id":"[0-9a-f-]{36}","api_key":"sb_[^"]+","prefix":"[^"]+"\}\n$/);
      const viaService = await operator(['users', 'list'], { SWITCHBOARD_URL: url, ADMIN_KEY: t.adminHeaders['x-admin-key'], DATA_DIR: join(home, 'data') });
      expect(viaService.code).toBe(0);
      expect(viaService.stdout.split('\n')).toHaveLength(2);
      expect((JSON.parse(viaService.stdout) as Json).users).toEqual(expect.arrayContaining([expect.objectContaining({ email: 'operator-db@example.test' })]));
      const wrong = await operator(['users', 'create', '--email', 'nope'], production);
      expect(wrong).toMatchObject({ code: 1, stdout: '', stderr: '--email must be an e-mail address\n' });
    });

    it('prints completion for its commands', async () => {
      const script = await cli(['completion']);
      expect(script.code).toBe(0);
      expect(script.stdout).toContain('--get-yargs-completions');
      const words = await cli(['--get-yargs-completions', 'switchboard', 'jobs', '']);
      expect(words.stdout.split('\n')).toEqual(expect.arrayContaining(['list', 'get', 'watch', 'cancel']));
    });
  });
});
