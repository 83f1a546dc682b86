import { existsSync, readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogFile, loadBundledCatalog } from '../../activities/registry/catalog-source.ts';
import { eq } from 'drizzle-orm';
import { upsertSyncedEntries } from '../../db/registry/sync.ts';
import { mcpServers } from '../../db/schema/index.ts';
import type { SyncedEntry } from '../../db/registry/sync.ts';
import { packageLaunchOf } from '../../package-store/index.ts';
import { createExecutionApp, until } from './helpers/setup.ts';
import { connect, textOf } from '../mcp-face/helpers.ts';
import { descendants } from '../support/processes.ts';
import type { TestApp } from '../support/test-app.ts';

type User = Awaited<ReturnType<TestApp['createUser']>>;

// Issue 35: a catalog server runs from its pinned package, installed on the first call, in the
// sandbox, one instance per user. Real packages from the npm registry, the real sandbox, the
// real worker: `time` (time-mcp) needs no credential and no internet; `airtable` needs a token.
describe('catalog servers run on demand', { timeout: 240_000 }, () => {
  let t: TestApp;
  let a: User;
  let b: User;
  const catalog = new Map<string, SyncedEntry>();

  const run = (user: User, tool: string, params: Record<string, unknown> = {}) =>
    t.app.inject({ method: 'POST', url: '/v1/execute_tool', headers: user.headers, payload: { tool_name: tool, params } });
  const detail = async (user: User, tool: string) => {
    const [server, name] = tool.split('/');
    const res = await t.app.inject({ method: 'GET', url: `/v1/tools/${name}?server=${server}`, headers: user.headers });
    expect(res.statusCode).toBe(200);
    return res.json().data.availability as { state: string; missing_credentials?: string[]; setup_url?: string };
  };
  const timeInstances = () => descendants(process.pid).filter((p) => p.args.includes('time-mcp') && !p.args.includes('bwrap'));

  beforeAll(async () => {
    t = await createExecutionApp();
    const { entries } = loadBundledCatalog(catalogFile(t.config.DATA_DIR));
    for (const e of entries) catalog.set(e.name, e);
    const bogus: SyncedEntry = {
      ...catalog.get('time')!,
      name: 'gone-package',
      launch: { type: 'catalog', transport: 'stdio', command: 'npx', args: ['-y', 'switchboard-test-no-such-package-7f3a@0.0.1'], package: { registry: 'npm', name: 'switchboard-test-no-such-package-7f3a', version: '0.0.1' } },
    };
    await upsertSyncedEntries(t.db, [catalog.get('time')!, catalog.get('airtable')!, bogus]);
    a = await t.createUser({ plan: 'pro' });
    b = await t.createUser({ plan: 'pro' });
  }, 180_000);
  afterAll(async () => t?.close());

  it('installs a never-installed catalog server on its first call, runs it in the sandbox, and says ready afterwards', async () => {
    expect((await detail(a, 'time/current_time')).state).toBe('installable');
    const first = await run(a, 'time/current_time', { format: 'YYYY-MM-DD', timezone: 'Asia/Tokyo' });
    expect(first.statusCode, first.body).toBe(200);
    expect(JSON.stringify(first.json())).toMatch(/\d{4}-\d{2}-\d{2}/);
    expect((await detail(a, 'time/current_time')).state).toBe('ready');
    // One copy in the store, installed from the pinned version; the process runs under bubblewrap.
    const store = join(t.config.DATA_DIR, 'packages', 'npm');
    expect(readdirSync(store).filter((d) => d.includes('time-mcp'))).toHaveLength(1);
    const rows = descendants(process.pid);
    expect(rows.some((p) => p.args.includes('bwrap') && p.args.includes('time-mcp'))).toBe(true);
  });

  it('gives each user an instance of their own, with a folder of their own', async () => {
    expect((await run(a, 'time/current_time')).statusCode).toBe(200);
    expect((await run(b, 'time/current_time')).statusCode).toBe(200);
    await until(async () => timeInstances().length >= 2, 10_000);
    for (const user of [a, b]) expect(existsSync(join(t.config.DATA_DIR, 'users', user.user.id, 'time'))).toBe(true);
  });

  it('runs a job on the same instance model, to completion', async () => {
    const submitted = await t.app.inject({ method: 'POST', url: '/jobs/submit', headers: b.headers, payload: { tool: 'time/days_in_month', arguments: { date: '2026-02-01' } } });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const jobId = submitted.json().job_id as string;
    const done = await until(async () => {
      const r = (await t.app.inject({ method: 'GET', url: `/jobs/${jobId}`, headers: b.headers })).json();
      return r.status === 'completed' || r.status === 'failed' ? r : undefined;
    }, 60_000);
    expect(done.status, JSON.stringify(done)).toBe('completed');
    expect(JSON.stringify(done.result)).toContain('28');
  });

  it('refuses a tool whose credential the user has not set, with the setup link, over REST and MCP', async () => {
    const availability = await detail(a, 'airtable/list_bases');
    expect(availability).toMatchObject({ state: 'needs_credentials', missing_credentials: ['AIRTABLE_API_KEY'] });
    expect(availability.setup_url).toMatch(/\/console\/servers\/airtable#credentials$/);
    const refused = await run(a, 'airtable/list_bases');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'CREDENTIALS_REQUIRED' } });
    expect(refused.body).toContain('/console/servers/airtable#credentials');
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const client = await connect(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/mcp`, a.apiKey);
    try {
      const answer = await client.callTool({ name: 'execute_tool', arguments: { tool_name: 'airtable/list_bases', params: {} } });
      expect(answer.isError).toBe(true);
      expect(textOf(answer)).toContain('/console/servers/airtable#credentials');
    } finally {
      await client.close();
    }
  });

  it('fails a run whose package cannot be installed, naming it, leaves nothing in the store, and tries again next time', async () => {
    const ref = packageLaunchOf(catalog.get('time')!.launch as never).ref;
    expect(ref.name).toBe('time-mcp');
    for (let attempt = 0; attempt < 2; attempt++) {
      const failed = await run(a, 'gone-package/current_time');
      expect(failed.statusCode, failed.body).toBeGreaterThanOrEqual(400);
      expect(failed.body).toContain('switchboard-test-no-such-package-7f3a@0.0.1');
      expect(failed.json()).toMatchObject({ error: { code: 'EXECUTION_ERROR' } });
    }
    const store = join(t.config.DATA_DIR, 'packages');
    const left = ['npm', 'tmp'].flatMap((dir) => (existsSync(join(store, dir)) ? readdirSync(join(store, dir)) : [])).filter((d) => d.includes('no-such-package'));
    expect(left).toEqual([]);
    // The service goes on serving.
    expect((await run(a, 'time/current_time')).statusCode).toBe(200);
  });

  it("gives a user's stored credential to that user's instance only, never to another's", async () => {
    const auth = { type: 'token', required: true, env_var: 'ECHO_TOKEN' };
    await t.db.update(mcpServers).set({ authentication: auth }).where(eq(mcpServers.name, 'everything'));
    try {
      const envOf = async (user: User) => {
        const res = await run(user, 'everything/get-env');
        expect(res.statusCode, res.body).toBe(200);
        return JSON.parse(res.json().data.result.content[0].text as string) as Record<string, string>;
      };
      const set = (user: User, value: string) =>
        t.app.inject({ method: 'PUT', url: '/mcp_servers/everything/credentials', headers: user.headers, payload: { values: { ECHO_TOKEN: value } } });
      expect((await set(a, 'token-of-a-7c1e')).statusCode).toBe(200);
      expect((await envOf(a)).ECHO_TOKEN).toBe('token-of-a-7c1e');
      expect((await run(b, 'everything/get-env')).statusCode).toBe(409);
      expect((await set(b, 'token-of-b-39d2')).statusCode).toBe(200);
      const seenByB = await envOf(b);
      expect(seenByB.ECHO_TOKEN).toBe('token-of-b-39d2');
      expect(JSON.stringify(seenByB)).not.toContain('token-of-a-7c1e');
    } finally {
      await t.db.update(mcpServers).set({ authentication: null }).where(eq(mcpServers.name, 'everything'));
    }
  });
});
