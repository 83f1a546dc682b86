import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, freshHome } from '../cli/helpers/run-cli.ts';
import type { CliRun } from '../cli/helpers/run-cli.ts';
import { startListeningService } from '../cli/helpers/service.ts';
import type { TestApp } from '../support/test-app.ts';
import { addTokenServer, TOKEN_SERVER } from './helpers.ts';

// `switchboard servers credentials list|set|delete` (issue 35, item 4): the real binary as a
// child process. A value comes from stdin or a hidden prompt on a terminal, never from argv.

const CANARY = `cli-canary-${Date.now()}`;
let t: TestApp;
let url: string;
let home: string;
let env: Record<string, string>;

/** The binary with `input` on its stdin (a pipe, as `< file` or `pass show x |` gives it). */
function cli(args: string[], input?: string): Promise<CliRun> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
    child.stdin.end(input ?? '');
  });
}

/** The binary on a pseudo-terminal (util-linux `script`): `typed` is sent once the prompt shows. */
function cliOnTerminal(args: string[], typed: string): Promise<CliRun> {
  const command = [process.execPath, BIN, ...args].map((word) => `'${word.replaceAll("'", "'\\''")}'`).join(' ');
  return new Promise((done, fail) => {
    const child = spawn('script', ['-qec', command, '/dev/null'], { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let screen = '';
    let sent = false;
    child.stdout.on('data', (chunk: Buffer) => {
      screen += chunk.toString();
      if (!sent && screen.includes('(not shown): ')) {
        sent = true;
        child.stdin.write(typed);
      }
    });
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout: screen, stderr: '' }));
  });
}

beforeAll(async () => {
  ({ t, url } = await startListeningService());
  await addTokenServer(t);
  home = await freshHome();
  const { apiKey } = await t.createUser({ plan: 'pro' });
  env = { HOME: home, XDG_CONFIG_HOME: join(home, 'config'), SWITCHBOARD_URL: url, SWITCHBOARD_API_KEY: apiKey };
}, 180_000);
afterAll(async () => {
  await t?.close();
  if (home) await rm(home, { recursive: true, force: true });
});

describe('switchboard servers credentials', { timeout: 60_000 }, () => {
  it('list: the declared name, not set, and where to get one', async () => {
    const run = await cli(['servers', 'credentials', 'list', TOKEN_SERVER]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/X_TOKEN\s+not set/);
    expect(run.stdout).toContain('will not run until these are set: X_TOKEN');
  });

  it('exec of a tool that needs it: exit 1, the setup page and the command that sets it', async () => {
    const run = await cli(['exec', `${TOKEN_SERVER}/echo`, '--arg', 'message=hi']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('CREDENTIALS_REQUIRED');
    expect(run.stderr).toContain(`/console/servers/${TOKEN_SERVER}#credentials`);
    expect(run.stderr).toContain(`switchboard servers credentials set ${TOKEN_SERVER} X_TOKEN`);
  });

  it('set: reads the value from stdin, answers with names and times only', async () => {
    const run = await cli(['servers', 'credentials', 'set', TOKEN_SERVER, 'X_TOKEN', '--json'], `${CANARY}\n`);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ server: TOKEN_SERVER, missing: [], credentials: [{ name: 'X_TOKEN', set: true, updated_at: expect.any(Number) }] });
    expect(run.stdout + run.stderr).not.toContain(CANARY);
    const exec = await cli(['exec', `${TOKEN_SERVER}/echo`, '--arg', 'message=hi']);
    expect(exec.code, exec.stderr).toBe(0);
  });

  it('set: refuses an empty stdin and a name the server does not declare, storing nothing', async () => {
    const empty = await cli(['servers', 'credentials', 'set', TOKEN_SERVER, 'X_TOKEN'], '\n');
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('empty');
    const undeclared = await cli(['servers', 'credentials', 'set', TOKEN_SERVER, 'NOT_DECLARED'], 'x');
    expect(undeclared.code).toBe(2);
    expect(undeclared.stderr).toContain('NOT_DECLARED');
  });

  it('set on a terminal: a prompt that does not echo what is typed', async () => {
    const typed = `${CANARY}-typed`;
    const run = await cliOnTerminal(['servers', 'credentials', 'set', TOKEN_SERVER, 'X_TOKEN'], `${typed}\r`);
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toContain('X_TOKEN set for token-everything');
    expect(run.stdout).not.toContain(typed);
  });

  it('delete: removes it; a second delete is not found (exit 4)', async () => {
    const run = await cli(['servers', 'credentials', 'delete', TOKEN_SERVER, 'X_TOKEN']);
    expect(run.code, run.stderr).toBe(0);
    expect((await cli(['servers', 'credentials', 'delete', TOKEN_SERVER, 'X_TOKEN'])).code).toBe(4);
    expect((await cli(['servers', 'credentials', 'list', TOKEN_SERVER])).stdout).toMatch(/X_TOKEN\s+not set/);
  });
});
