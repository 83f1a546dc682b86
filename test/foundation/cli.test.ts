import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_KEY } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';

const run = promisify(execFile);
let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp({ worker: false });
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t?.close());

async function cli(env: Record<string, string>, ...args: string[]) {
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'cli/main.ts', ...args], {
      env: { PATH: process.env.PATH, ...env },
    });
    return { code: 0, out: JSON.parse(stdout.trim()) };
  } catch (error) {
    const failure = error as { code: number; stderr: string };
    return { code: failure.code, out: failure.stderr };
  }
}

const login = (apiKey: string) => t.app.inject({ method: 'POST', url: '/auth/login', headers: { authorization: `Bearer ${apiKey}` } });

describe('operator CLI', () => {
  it('creates users and keys through the running service, and revokes them', async () => {
    const env = { SWITCHBOARD_URL: baseUrl, ADMIN_KEY: TEST_ADMIN_KEY };
    const created = await cli(env, 'users', 'create', '--email', 'ops@example.test', '--plan', 'pro', '--role', 'admin');
    expect(created.code).toBe(0);
    expect(Object.keys(created.out).sort()).toEqual(['api_key', 'user_id']);
    expect((await login(created.out.api_key)).json().user).toMatchObject({ plan: 'pro', role: 'admin' });

    const key = await cli(env, 'keys', 'create', '--user', created.out.user_id);
    expect(key.code).toBe(0);
    expect((await login(key.out.api_key)).statusCode).toBe(200);
    expect((await cli(env, 'keys', 'revoke', key.out.api_key)).out).toEqual({ prefix: key.out.prefix, status: 'revoked' });
    expect((await login(key.out.api_key)).statusCode).toBe(401);

    const listed = await cli(env, 'users', 'list');
    expect(listed.out.users.map((u: { email: string }) => u.email)).toContain('ops@example.test');
  });

  it('works straight against Postgres in the production shape', async () => {
    const env = { DATABASE_URL: t.config.DATABASE_URL!, TEMPORAL_ADDRESS: '127.0.0.1:7233', ADMIN_KEY: TEST_ADMIN_KEY, JWT_SECRET: 'x'.repeat(32), CREDENTIALS_KEY: t.config.CREDENTIALS_KEY! };
    const created = await cli(env, 'users', 'create', '--email', 'direct@example.test');
    expect(created.code).toBe(0);
    expect((await login(created.out.api_key)).json().user).toMatchObject({ plan: 'free', role: 'user' });
  });

  it('explains bad input and an unreachable service', async () => {
    const env = { SWITCHBOARD_URL: baseUrl, ADMIN_KEY: TEST_ADMIN_KEY };
    expect(await cli(env, 'users', 'create', '--email', 'x@y.z', '--plan', 'gold')).toMatchObject({ code: 1, out: expect.stringMatching(/--plan/) });
    expect(await cli(env, 'keys', 'create')).toMatchObject({ code: 1, out: expect.stringMatching(/--user/) });
    expect(await cli(env, 'frobnicate')).toMatchObject({ code: 1, out: expect.stringMatching(/usage/) });
    const down = await cli({ SWITCHBOARD_URL: 'http://127.0.0.1:9', ADMIN_KEY: TEST_ADMIN_KEY }, 'users', 'list');
    expect(down).toMatchObject({ code: 1, out: expect.stringMatching(/cannot reach/) });
  });
});
