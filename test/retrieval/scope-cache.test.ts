import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availabilityFacts } from '../../db/retrieval/availability-facts.ts';
import { activeSpaceOf } from '../../db/retrieval/user-spaces.ts';
import { embeddingSettings, userServers } from '../../db/schema/index.ts';
import { createLogger } from '../../platform/logger.ts';
import { createHistory } from '../../api/services/retrieval/history.ts';
import { createRetrieve } from '../../api/services/retrieval/retrieve.ts';
import { resolveScope } from '../../api/services/retrieval/scope.ts';
import { FactsCache } from '../../api/services/retrieval/facts-cache.ts';
import { ScopeCache, sameUserScope, userScopeOf } from '../../api/services/retrieval/scope-cache.ts';
import { createUserSpaces } from '../../api/services/retrieval/user-spaces.ts';
import type { DiscoveryApp } from '../retrieval/helpers.ts';
import { CATALOG, discoveryApp, seedRegistry } from '../retrieval/helpers.ts';

// The kept per-user scope (api/services/retrieval/scope-cache.ts): a retrieval ranks with the
// scope the user's last retrieval saw, and the availability facts query, which reads the same
// rows, replaces it and ranks again when it changed, so a change shows at the very next request.
describe('retrieval scope cache (Postgres)', () => {
  let t: DiscoveryApp;
  let scopes: ScopeCache;
  let retrieve: ReturnType<typeof createRetrieve>;
  const logger = createLogger('silent');
  const listTables = async (userId: string) => {
    const r = await retrieve({ userId }, { query: 'list things', topK: 10 });
    return r.tools.find((x) => x.name === 'list_tables')!.score;
  };

  beforeAll(async () => {
    t = await discoveryApp('embedded', { worker: false });
    await seedRegistry(t.db, t.search, CATALOG);
    scopes = new ScopeCache();
    const spaces = createUserSpaces({ db: t.db, search: t.search, logger });
    retrieve = createRetrieve({ db: t.db, search: t.search, history: createHistory(t.db, logger), logger, spaces, scopes, facts: new FactsCache(t.db, logger) });
  });
  afterAll(async () => t?.close());

  it('keeps the scope a retrieval saw, and a change written right before the next retrieval shows in it', async () => {
    const { user } = await t.createUser({ plan: 'pro' });
    const first = await listTables(user.id);
    expect(scopes.get(user.id)?.scope.enabledServers).toEqual([]);
    // No wait between the write and the retrieval: the facts query of that retrieval sees it.
    await t.db.insert(userServers).values({ userId: user.id, serverName: 'postgres', enabled: true });
    expect(scopes.get(user.id)?.scope.enabledServers).toEqual([]);
    expect(await listTables(user.id)).toBeCloseTo(first + 0.1 * (1 - first), 3);
    expect(scopes.get(user.id)?.scope.enabledServers).toEqual(['postgres']);
    await t.db.update(userServers).set({ enabled: false }).where(and(eq(userServers.userId, user.id), eq(userServers.serverName, 'postgres')));
    expect(await listTables(user.id)).toBeCloseTo(first, 3);
    expect(scopes.get(user.id)?.scope.enabledServers).toEqual([]);
  });

  it('reads the same scope through the facts query as through the scope stage, custom servers and vector space included', async () => {
    const { user } = await t.createUser({ plan: 'pro' });
    const both = async () => {
      const stage = { scope: await resolveScope(t.db, user.id), space: await activeSpaceOf(t.db, user.id) };
      const facts = await availabilityFacts(t.db, { userId: user.id, servers: [], tools: [] });
      return { stage, facts: userScopeOf(user.id, facts.scope!) };
    };
    let { stage, facts } = await both();
    expect(facts).toEqual(stage);
    await t.db.insert(userServers).values([{ userId: user.id, serverName: 'postgres', enabled: true }, { userId: user.id, serverName: 'github', enabled: true }, { userId: user.id, serverName: 'slack', enabled: false }]);
    await seedRegistry(t.db, t.search, { 'zeta-crm': { category: 'custom', tools: [{ name: 'find_customer', description: 'Find a customer record' }] }, 'alpha-notes': { category: 'custom', tools: [{ name: 'add_note', description: 'Add a note' }] } }, user.id);
    await t.db.insert(embeddingSettings).values({ userId: user.id, provider: 'openai', vendorModel: 'text-embedding-3-small', activeProvider: 'openai', activeModel: 'text-embedding-3-small', reembeddedAt: new Date('2026-11-24T10:00:00.123Z') });
    ({ stage, facts } = await both());
    expect(facts).toEqual(stage);
    expect(sameUserScope(facts, stage)).toBe(true);
    expect(facts.scope.enabledServers).toEqual(['github', 'postgres']);
    expect(Object.values(facts.scope.ownServers).sort()).toEqual(Object.values(stage.scope.ownServers).sort());
    expect(Object.keys(facts.scope.ownServers)).toHaveLength(2);
    expect(facts.space).toEqual({ provider: 'openai', model: 'text-embedding-3-small', version: Date.parse('2026-11-24T10:00:00.123Z') });
    // And a difference is one.
    await t.db.update(embeddingSettings).set({ reembeddedAt: new Date('2026-11-24T11:00:00Z') }).where(eq(embeddingSettings.userId, user.id));
    expect(sameUserScope(userScopeOf(user.id, (await availabilityFacts(t.db, { userId: user.id, servers: [], tools: [] })).scope!), stage)).toBe(false);
  });

  it('forgets the least recently asked user beyond its bound', () => {
    const small = new ScopeCache(2);
    const entry = (userId: string) => ({ scope: { userId, enabledServers: [], ownServers: {} }, space: null });
    small.set('a', entry('a'));
    small.set('b', entry('b'));
    expect(small.get('a')).toBeDefined(); // a is now the most recent
    small.set('c', entry('c'));
    expect(small.get('b')).toBeUndefined();
    expect(small.get('a')?.scope.userId).toBe('a');
    expect(small.size).toBe(2);
  });

  it('a user who enables a server through the API finds it preferred at the next retrieval', async () => {
    const bob = await t.createUser({ plan: 'pro' });
    const query = '/v2/retrieve_tools?query=list%20things&top_k=10';
    const score = async () => {
      const res = await t.app.inject({ method: 'GET', url: query, headers: bob.headers });
      expect(res.statusCode).toBe(200);
      return (res.json().tools as { name: string; score: number }[]).find((x) => x.name === 'list_tables')!.score;
    };
    const first = await score();
    expect(await score()).toBeCloseTo(first, 6);
    const on = await t.app.inject({ method: 'POST', url: '/mcp_servers/toggle', headers: bob.headers, payload: { server: 'postgres', enabled: true } });
    expect(on.statusCode).toBe(200);
    expect(await score()).toBeCloseTo(first + 0.1 * (1 - first), 3);
    const off = await t.app.inject({ method: 'POST', url: '/mcp_servers/toggle', headers: bob.headers, payload: { server: 'postgres', enabled: false } });
    expect(off.statusCode).toBe(200);
    expect(await score()).toBeCloseTo(first, 3);
  });
});
