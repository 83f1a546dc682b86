import { createServer } from 'node:net';
import type { Server, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpServers } from '../../db/schema/index.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';

// Issue 20, item 6: `POST /user-servers/sync-trigger` blocked ~20 s when a custom server was
// unreachable. The upstream here is a TCP port that accepts and never answers (the network
// edge: a server that hangs), owned by helper F's port range.

const BLACKHOLE_PORT = 26010;
let t: TestApp;
let blackhole: Server;
const held: Socket[] = [];
let owner: Awaited<ReturnType<TestApp['createUser']>>;

beforeAll(async () => {
  blackhole = createServer((socket) => void held.push(socket));
  await new Promise<void>((resolve) => blackhole.listen(BLACKHOLE_PORT, '127.0.0.1', resolve));
  // The hanging upstream listens on loopback: private targets are allowed here on purpose
  // (the connect-time guard would otherwise refuse it at once and nothing would hang).
  t = await createTestApp({ env: { ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' } });
  owner = await t.createUser({ plan: 'pro' });
  await t.db.insert(mcpServers).values({
    name: 'hanging-srv',
    displayName: 'Hanging',
    source: 'custom',
    ownerUserId: owner.user.id,
    launch: { type: 'streamable-http', url: `http://127.0.0.1:${BLACKHOLE_PORT}/mcp` },
  });
});
afterAll(async () => {
  for (const socket of held) socket.destroy();
  blackhole?.close();
  await t?.close();
});

describe('POST /user-servers/sync-trigger', () => {
  it('answers at once with the sync id; the result is readable afterwards, by its owner only', async () => {
    const started = Date.now();
    // The upstream never answers, so a 202 with status "running" proves the trigger did not
    // wait for the sync (how fast it answers is a benchmark's question, not this test's).
    const trigger = await t.app.inject({ method: 'POST', url: '/user-servers/sync-trigger', headers: owner.headers });
    expect(trigger.statusCode, trigger.body).toBe(202);
    const body = trigger.json();
    expect(body).toMatchObject({ sync_id: expect.stringMatching(/^[0-9a-f-]{36}$/), status: 'running', synced_count: 0, servers: [] });
    expect(Date.parse(body.timestamp)).not.toBeNaN();
    expect(trigger.headers.location).toBe(`/user-servers/sync-trigger/${body.sync_id}`);

    const stranger = await t.createUser();
    const foreign = await t.app.inject({ method: 'GET', url: trigger.headers.location as string, headers: stranger.headers });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('NOT_FOUND');

    let result = body;
    while (result.status === 'running' && Date.now() - started < 55_000) {
      await new Promise((r) => setTimeout(r, 500));
      const read = await t.app.inject({ method: 'GET', url: trigger.headers.location as string, headers: owner.headers });
      expect(read.statusCode).toBe(200);
      result = read.json();
    }
    expect(result).toMatchObject({ sync_id: body.sync_id, status: 'partial', synced_count: 0 });
    expect(result.servers).toEqual([expect.objectContaining({ name: 'hanging-srv', ok: false, tool_count: 0, error: expect.any(String) })]);
  });

  it('answers 404 for an unknown sync id and 400 for one that is not a UUID', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/user-servers/sync-trigger/00000000-0000-4000-8000-000000000000', headers: owner.headers });
    expect(unknown.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/user-servers/sync-trigger/nope', headers: owner.headers });
    expect(bad.statusCode).toBe(400);
  });
});
