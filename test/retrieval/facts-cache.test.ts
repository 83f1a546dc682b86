import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { recordHealth } from '../../db/registry/runtime.ts';
import { mcpServers, toolRuns } from '../../db/schema/index.ts';
import type { DiscoveryApp } from '../retrieval/helpers.ts';
import { discoveryApp, seedRegistry } from '../retrieval/helpers.ts';

// The embedded mode keeps the availability facts in process (api/services/retrieval/facts-cache.ts)
// and drops them when a write announces itself (migration 0025): a credential set or removed,
// or a server's health recorded, shows in the very next retrieval, with no wait in between.

interface Tool {
  name: string;
  server: string;
  availability: { status: string; state: string; reasons: { code: string }[] };
}

const stdio = { type: 'stdio', command: 'node', args: ['server.js'] };
/** Twin servers with a stdio launch of their own config (seedRegistry), whose health check verdict is a fact (domain/launch.ts isHealthChecked). */
const TWINS = {
  'translate-a': { category: 'custom' as const, tools: [{ name: 'translate_text', description: 'Translate text into another language', params: { text: 'Text' } }] },
  'translate-b': { category: 'custom' as const, tools: [{ name: 'translate_text', description: 'Translate text into another language', params: { text: 'Text' } }] },
};

describe('availability facts kept in process (embedded mode: PGlite)', () => {
  let t: DiscoveryApp;
  let user: Awaited<ReturnType<DiscoveryApp['createUser']>>;
  const query = 'translate text into another language';

  const search = async (): Promise<Tool[]> => {
    const res = await t.app.inject({ method: 'GET', url: `/v2/retrieve_tools?query=${encodeURIComponent(query)}&top_k=10`, headers: user.headers });
    expect(res.statusCode).toBe(200);
    return res.json().tools as Tool[];
  };
  const find = (tools: Tool[], server: string) => tools.find((x) => x.server === server)!;
  /** Runs SQL on the one PGlite session (the setting that turns the announcements on is per session). */
  const exec = (sql: string) => (t.db as unknown as { $client: { exec(sql: string): Promise<unknown> } }).$client.exec(sql);

  beforeAll(async () => {
    t = await discoveryApp('embedded', { worker: false, database: 'pglite' });
    await seedRegistry(t.db, t.search, TWINS);
    await t.db.update(mcpServers).set({ authentication: { type: 'token', required: true, env_var: 'TRANSLATE_KEY' }, launch: stdio }).where(eq(mcpServers.name, 'translate-b'));
    user = await t.createUser({ plan: 'pro' });
    await vi.waitFor(() => expect(t.retrieval.facts.active).toBe(true));
  }, 120_000);
  afterAll(async () => t?.close());

  it('answers from what it kept: a write that does not announce itself goes unseen', async () => {
    expect(find(await search(), 'translate-a').availability.status).toBe('ok');
    // With the announcements off for the session, a health verdict is written unseen: the kept
    // facts answered, not the database. Turned back on, the next write drops them.
    await exec(`set switchboard.facts_changes = 'off'`);
    try {
      await t.db.update(mcpServers).set({ status: 'error', lastError: 'unseen' }).where(eq(mcpServers.name, 'translate-a'));
      expect(find(await search(), 'translate-a').availability.status).toBe('ok');
    } finally {
      await exec(`set switchboard.facts_changes = 'on'`);
    }
    await recordHealth(t.db, 'translate-a', { status: 'connected', checkedAt: new Date() });
    expect(find(await search(), 'translate-a').availability.status).toBe('ok');
  });

  it('shows a credential set and then removed through the API in the very next retrieval', async () => {
    expect(find(await search(), 'translate-b').availability.state).toBe('needs_credentials');
    expect(find(await search(), 'translate-b').availability.state).toBe('needs_credentials');
    const put = await t.app.inject({ method: 'PUT', url: '/mcp_servers/translate-b/credentials', headers: user.headers, payload: { values: { TRANSLATE_KEY: 'tk-value' } } });
    expect(put.statusCode).toBe(200);
    expect(find(await search(), 'translate-b').availability).toMatchObject({ status: 'ok', state: 'ready' });
    const removed = await t.app.inject({ method: 'DELETE', url: '/mcp_servers/translate-b/credentials/TRANSLATE_KEY', headers: user.headers });
    expect(removed.statusCode).toBeLessThan(300);
    expect(find(await search(), 'translate-b').availability.state).toBe('needs_credentials');
  });

  it('shows a server going down and coming back in the very next retrieval', async () => {
    expect(find(await search(), 'translate-a').availability.status).toBe('ok');
    await recordHealth(t.db, 'translate-a', { status: 'error', checkedAt: new Date(), error: 'connect ECONNREFUSED' });
    const down = find(await search(), 'translate-a').availability;
    expect(down.status).toBe('unavailable');
    expect(down.reasons.map((r) => r.code)).toEqual(['server_down']);
    await recordHealth(t.db, 'translate-a', { status: 'connected', checkedAt: new Date() });
    expect(find(await search(), 'translate-a').availability.status).toBe('ok');
  });

  it('shows runs of a tool no kept fact named yet (failing) at the very next retrieval', async () => {
    expect(find(await search(), 'translate-a').availability.reasons).toEqual([]);
    const run = () => ({ executionId: randomUUID(), userId: user.user.id, server: 'translate-a', tool: 'translate_text', mode: 'direct' as const, status: 'failed', durationMs: 5 });
    await t.db.insert(toolRuns).values([run(), run(), run(), run()]);
    expect(find(await search(), 'translate-a').availability.reasons.map((r) => r.code)).toEqual(['failing']);
  });
});
