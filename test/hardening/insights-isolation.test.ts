import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpServers, toolRuns } from '../../db/schema/index.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';

// Issue 20, item 5: anonymous `GET /observability/tool-insights` listed another user's private
// custom server with its calls and latency, and anyone could write rows into that global list
// through `POST /observability/tool-logs`.

let t: TestApp;
let owner: Awaited<ReturnType<TestApp['createUser']>>;
let other: Awaited<ReturnType<TestApp['createUser']>>;

const insights = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/observability/tool-insights?limit=100', headers }).then((r) => {
    expect(r.statusCode).toBe(200);
    return r.json() as { scope: string; tools: { tool: string; server: string | null; calls: number; sources: { client: number } }[] };
  });

beforeAll(async () => {
  t = await createTestApp({ worker: false });
  owner = await t.createUser();
  other = await t.createUser();
  await t.db.insert(mcpServers).values([
    { name: 'a-private-srv', displayName: 'Private', source: 'custom', ownerUserId: owner.user.id },
    { name: 'a-public-srv', displayName: 'Public', source: 'admin' },
  ]);
  await t.db.insert(toolRuns).values([
    { executionId: randomUUID(), userId: owner.user.id, server: 'a-private-srv', tool: 'secret_tool', mode: 'direct', status: 'completed', durationMs: 17 },
    { executionId: randomUUID(), userId: owner.user.id, server: 'a-public-srv', tool: 'echo', mode: 'direct', status: 'completed', durationMs: 5 },
  ]);
  const report = (headers: Record<string, string>, tool: string) =>
    t.app.inject({ method: 'POST', url: '/observability/tool-logs', headers, payload: { logs: [{ tool_name: tool, server_name: 'a-public-srv', status: 'success', duration_ms: 1 }] } });
  expect((await report({}, 'planted_by_anyone')).statusCode).toBe(200);
  expect((await report(owner.headers, 'reported_by_owner')).statusCode).toBe(200);
});
afterAll(() => t?.close());

describe('tool insights keep users apart', () => {
  it('the anonymous view shows public servers\' service runs only', async () => {
    const global = await insights();
    expect(global.scope).toBe('global');
    const text = JSON.stringify(global);
    expect(text).not.toContain('a-private-srv');
    expect(text).not.toContain('secret_tool');
    expect(text).not.toContain('planted_by_anyone');
    expect(text).not.toContain('reported_by_owner');
    expect(global.tools).toEqual([expect.objectContaining({ tool: 'echo', server: 'a-public-srv', calls: 1, sources: { service: 1, client: 0 } })]);
  });

  it('the owner sees their private server and their reported calls; another user sees neither', async () => {
    const mine = await insights(owner.headers);
    expect(mine.scope).toBe('user');
    expect(mine.tools.map((x) => x.tool).sort()).toEqual(['echo', 'reported_by_owner', 'secret_tool']);
    const theirs = await insights(other.headers);
    expect(theirs.tools).toEqual([]);
  });
});
