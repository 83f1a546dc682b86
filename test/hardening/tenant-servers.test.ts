import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { McpSessionPool, referenceServerLaunch, userFolderName } from '../../mcp/index.ts';
import { instanceDir, instanceKey, instanceServerName } from '../../domain/launch.ts';
import { addReferenceServers, createExecutionApp, sleep, until } from '../execution/helpers/setup.ts';
import { connect, textOf } from '../mcp-face/helpers.ts';
import { captureLogger } from '../mcp/helpers/capture-logger.ts';
import { descendants } from '../support/processes.ts';
import type { TestApp } from '../support/test-app.ts';

type User = Awaited<ReturnType<TestApp['createUser']>>;

// Issue 33, item 2: one memory and one filesystem process served every user, so user A's
// create_entities showed in user B's read_graph (and B could read, change or delete A's files).
// Two real users drive the real service (REST and the MCP face); each must see only their own.
describe('memory and filesystem are separate per user', { timeout: 60_000 }, () => {
  let t: TestApp;
  let a: User;
  let b: User;

  beforeAll(async () => {
    t = await createExecutionApp();
    await addReferenceServers(t, ['memory', 'filesystem']);
    a = await t.createUser({ plan: 'pro' });
    b = await t.createUser({ plan: 'pro' });
    // delete_entities and write_file say destructiveHint, whose default is to wait for approval (issue 37): these users allow them.
    for (const user of [a, b]) {
      for (const server of ['memory', 'filesystem']) {
        const set = await t.app.inject({ method: 'PUT', url: '/call_policies', headers: user.headers, payload: { server, decision: 'allow' } });
        expect(set.statusCode).toBe(200);
      }
    }
  }, 180_000);
  afterAll(async () => t?.close());

  const run = (user: User, tool: string, params: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/v1/execute_tool', headers: user.headers, payload: { tool_name: tool, params } });
  const text = (r: Awaited<ReturnType<typeof run>>) => JSON.stringify(r.json());

  it("B's read_graph does not show A's entity; A's does, from A's own file", async () => {
    const created = await run(a, 'memory/create_entities', { entities: [{ name: 'A-private-entity', entityType: 'note', observations: ['only for A'] }] });
    expect(created.statusCode).toBe(200);
    const seenByB = await run(b, 'memory/read_graph', {});
    expect(seenByB.statusCode).toBe(200);
    expect(text(seenByB)).not.toContain('A-private-entity');
    const seenByA = await run(a, 'memory/read_graph', {});
    expect(text(seenByA)).toContain('A-private-entity');
    // B cannot delete it either: the delete goes to B's own graph.
    expect((await run(b, 'memory/delete_entities', { entityNames: ['A-private-entity'] })).statusCode).toBe(200);
    expect(text(await run(a, 'memory/search_nodes', { query: 'A-private' }))).toContain('A-private-entity');
    const home = resolve(t.config.DATA_DIR, 'users', a.user.id);
    expect(readFileSync(join(home, 'memory', 'memory.jsonl'), 'utf8')).toContain('A-private-entity');
    expect(existsSync(resolve(t.config.DATA_DIR, 'memory.jsonl'))).toBe(false);
  });

  it("B cannot list, read or reach A's files, not even by ../<A>/ or an absolute path", async () => {
    expect((await run(a, 'filesystem/write_file', { path: 'a-secret.txt', content: 'A only' })).statusCode).toBe(200);
    const aFile = resolve(t.config.DATA_DIR, 'users', a.user.id, 'filesystem', 'a-secret.txt');
    expect(text(await run(b, 'filesystem/list_directory', { path: '.' }))).not.toContain('a-secret.txt');
    for (const path of ['a-secret.txt', `../../${a.user.id}/filesystem/a-secret.txt`, `../${a.user.id}/filesystem/a-secret.txt`, aFile, '../memory/memory.jsonl']) {
      const r = await run(b, 'filesystem/read_text_file', { path });
      expect(r.statusCode, path).toBe(500);
      expect(r.body, path).not.toContain('A only');
    }
    // A's own memory file is outside A's folder too: the filesystem server cannot read any graph.
    expect((await run(a, 'filesystem/read_text_file', { path: '../memory/memory.jsonl' })).statusCode).toBe(500);
    expect(text(await run(a, 'filesystem/read_text_file', { path: 'a-secret.txt' }))).toContain('A only');
    expect(readFileSync(aFile, 'utf8')).toBe('A only');
  });

  it('a job runs in its own user instance too', async () => {
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/jobs/submit',
      headers: a.headers,
      payload: { tool: 'memory/create_entities', arguments: { entities: [{ name: 'A-via-job', entityType: 'note', observations: ['x'] }] } },
    });
    expect(submitted.statusCode).toBe(200);
    const id = submitted.json().job_id as string;
    const job = await until(async () => {
      const body = (await t.app.inject({ method: 'GET', url: `/jobs/${id}`, headers: a.headers })).json();
      return ['completed', 'failed', 'canceled', 'timeout'].includes(body.status) ? body : undefined;
    });
    expect(job.status).toBe('completed');
    expect(text(await run(b, 'memory/read_graph', {}))).not.toContain('A-via-job');
    expect(text(await run(a, 'memory/read_graph', {}))).toContain('A-via-job');
  });

  it('the MCP face runs them per user too', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/mcp`;
    const clients: Client[] = [await connect(url, a.apiKey), await connect(url, b.apiKey)];
    try {
      const [ca, cb] = clients as [Client, Client];
      const call = (c: Client, tool_name: string, params: Record<string, unknown>) => c.callTool({ name: 'execute_tool', arguments: { tool_name, params } });
      await call(ca, 'memory/create_entities', { entities: [{ name: 'A-via-mcp', entityType: 'note', observations: ['x'] }] });
      expect(textOf(await call(cb, 'memory/read_graph', {}))).not.toContain('A-via-mcp');
      expect(textOf(await call(ca, 'memory/read_graph', {}))).toContain('A-via-mcp');
    } finally {
      for (const c of clients) await c.close();
    }
  });
});

describe('per-user instances', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sb-tenants-'));
  let pool: McpSessionPool | undefined;
  afterEach(async () => pool?.close());

  it('keep hostile user ids inside <dataDir>/users/', () => {
    const users = resolve(dataDir, 'users');
    for (const id of ['../../etc', '..', '/abs/path', 'a/../../b', 'x\0y', '']) {
      const name = userFolderName(id);
      expect(name, id).toMatch(/^h[0-9a-f]{64}$/);
      const launch = referenceServerLaunch(instanceDir(dataDir, 'filesystem', id), 'filesystem');
      expect(resolve(launch.args[1] as string), id).toBe(join(users, name, 'filesystem'));
      expect(referenceServerLaunch(instanceDir(dataDir, 'memory', id), 'memory').env?.MEMORY_FILE_PATH).toBe(join(users, name, 'memory', 'memory.jsonl'));
    }
    expect(userFolderName('0b7a4c1e-2f3d-4e5f-8a9b-0c1d2e3f4a5b')).toBe('0b7a4c1e-2f3d-4e5f-8a9b-0c1d2e3f4a5b');
    // Metrics label an instance by its server, never by user (a label per user grows without bound).
    expect(instanceServerName(instanceKey('memory', 'x'))).toBe('memory');
    expect(instanceKey('everything', null)).toBe('everything');
  });

  const memoryProcesses = () => descendants(process.pid).filter((p) => p.args.includes('server-memory')).length;
  const touch = (p: McpSessionPool, key: string) => p.callTool(key, 'read_graph', {}, { timeoutMs: 15_000 });

  it('end their process once idle, and come back on the next call', { timeout: 40_000 }, async () => {
    pool = new McpSessionPool(captureLogger().logger);
    const launch = referenceServerLaunch(instanceDir(dataDir, 'memory', 'idle-user'), 'memory');
    pool.ensure('memory@idle', launch, { idleMs: 500 });
    expect((await touch(pool, 'memory@idle')).ok).toBe(true);
    expect(memoryProcesses()).toBe(1);
    await until(async () => !pool?.servers().includes('memory@idle'), 5_000);
    await until(async () => memoryProcesses() === 0, 10_000);
    pool.ensure('memory@idle', launch, { idleMs: 500 });
    expect((await touch(pool, 'memory@idle')).ok).toBe(true);
  });

  it('are capped: over the cap the least recently used idle one goes', { timeout: 60_000 }, async () => {
    pool = new McpSessionPool(captureLogger().logger, { maxIdleManaged: 2 });
    for (const user of ['u1', 'u2', 'u3']) {
      pool.ensure(`memory@${user}`, referenceServerLaunch(instanceDir(dataDir, 'memory', user), 'memory'), { idleMs: 60_000 });
      expect((await touch(pool, `memory@${user}`)).ok).toBe(true);
      await sleep(10);
    }
    expect(pool.servers().sort()).toEqual(['memory@u2', 'memory@u3']);
    await until(async () => memoryProcesses() === 2, 10_000);
  });
});
