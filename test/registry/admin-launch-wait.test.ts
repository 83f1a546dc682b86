import { createServer } from 'node:net';
import type { Server, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';

// Issue 10, item 5: an admin entry whose launch config never answers held POST and PATCH
// /admin/mcp_registry for the 20 s MCP connect time-out (the contract run as admin spent most of
// its time there). The upstream is a TCP port that accepts and never answers (the network edge:
// a server that hangs), in helper S's port range.

const BLACKHOLE_PORT = 27310;
let t: TestApp;
let blackhole: Server;
const held: Socket[] = [];
let user: Awaited<ReturnType<TestApp['createUser']>>;

beforeAll(async () => {
  blackhole = createServer((socket) => void held.push(socket));
  await new Promise<void>((resolve) => blackhole.listen(BLACKHOLE_PORT, '127.0.0.1', resolve));
  t = await createTestApp();
  user = await t.createUser();
});
afterAll(async () => {
  for (const socket of held) socket.destroy();
  blackhole?.close();
  await t?.close();
});

const hanging = { type: 'streamable-http', url: `http://127.0.0.1:${BLACKHOLE_PORT}/mcp` };

async function connected(name: string) {
  const response = await t.app.inject({ method: 'GET', url: '/v1/servers', headers: user.headers });
  expect(response.statusCode).toBe(200);
  return (response.json().data.servers as { name: string; status: string; last_checked: string | null }[]).find((s) => s.name === name);
}

async function untilChecked(name: string) {
  const started = Date.now();
  let server = await connected(name);
  while (!server?.last_checked && Date.now() - started < 55_000) {
    await new Promise((r) => setTimeout(r, 500));
    server = await connected(name);
  }
  return server;
}

describe('admin entries with a launch config that never answers', () => {
  it('are created and answered without waiting for the refresh, which finishes on its own', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/admin/mcp_registry',
      headers: t.adminHeaders,
      payload: { name: 'hanging-entry', display_name: 'Hanging', description: 'never answers', url: 'https://example.com', icon: 'server', category: 'custom', launch: hanging },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ name: 'hanging-entry', tools: [] });
    // The refresh records its failure when it ends: not recorded yet proves the answer did not
    // wait for it (how fast it answers is a benchmark's question, not this test's).
    expect(await connected('hanging-entry')).toMatchObject({ status: 'disconnected', last_checked: null });
    expect(await untilChecked('hanging-entry')).toMatchObject({ status: 'error', last_checked: expect.any(String) });
  });

  it('are edited the same way', async () => {
    const before = (await connected('hanging-entry'))?.last_checked;
    const edited = await t.app.inject({ method: 'PATCH', url: '/admin/mcp_registry/hanging-entry', headers: t.adminHeaders, payload: { launch: hanging } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'hanging-entry', tools: [] });
    expect((await connected('hanging-entry'))?.last_checked).toBe(before);
    const started = Date.now();
    let after = before;
    while (after === before && Date.now() - started < 55_000) {
      await new Promise((r) => setTimeout(r, 500));
      after = (await connected('hanging-entry'))?.last_checked;
    }
    expect(after).not.toBe(before);
  });
});
