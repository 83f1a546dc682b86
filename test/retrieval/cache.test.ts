import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiscoveryApp } from './helpers.ts';
import { BACKENDS, CATALOG, discoveryApp, indexingActivities, seedRegistry } from './helpers.ts';
import { tools } from '../../db/schema/index.ts';
import { eq } from 'drizzle-orm';

describe.each(BACKENDS)('response cache (%s backend)', (backend) => {
  let t: DiscoveryApp;
  let user: Awaited<ReturnType<DiscoveryApp['createUser']>>;
  beforeAll(async () => {
    t = await discoveryApp(backend);
    await seedRegistry(t.db, t.search, CATALOG);
    user = await t.createUser({ plan: 'enterprise' });
  });
  afterAll(async () => t?.close());

  const v1 = (query: string) => t.app.inject({ method: 'POST', url: '/v1/retrieve_tools', headers: user.headers, payload: { query, top_k: 5 } });
  const names = (res: { json(): { data: { tools: { name: string }[] } } }) => res.json().data.tools.map((x) => x.name);

  it('answers an identical query from the cache', async () => {
    const caller = { userId: user.user.id, isAdmin: false };
    const first = await v1('translate text between languages');
    // The route filled the service's cache: the same retrieval, for the same caller, is a hit.
    const again = await t.retrieval.retrieve(caller, { query: 'translate text between languages', topK: 5, minScore: 0 });
    expect(again.cached).toBe(true);
    const second = await v1('translate text between languages');
    expect(second.json().data.tools).toEqual(first.json().data.tools);
    expect(again.tools).toEqual(first.json().data.tools);
    expect((await t.retrieval.retrieve(caller, { query: 'translate text between two languages', topK: 5 })).cached).toBe(false);
  });

  it('drops cached answers when a tool is indexed through the API', async () => {
    const query = 'translate a document into French';
    expect(names(await v1(query))).not.toContain('translate_text');
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/index_tools',
      headers: t.adminHeaders,
      payload: { tools: [{ name: 'translate_text', server: 'deepl', description: 'Translate a text or document into another language', input_schema: { type: 'object' } }] },
    });
    expect(res.statusCode).toBe(200);
    expect(names(await v1(query))[0]).toBe('translate_text');
  });

  it('drops cached answers when the registry hook re-indexes a server', async () => {
    const query = 'show the weather radar';
    expect(names(await v1(query))).not.toContain('get_radar');
    await t.db.insert(tools).values({ serverName: 'weather', name: 'get_radar', description: 'Show the weather radar image for a region', inputSchema: { type: 'object' } });
    await indexingActivities(t.db, t.search).indexTools({ servers: ['weather'] });
    expect(names(await v1(query))[0]).toBe('get_radar');
    // And a tool the server stopped listing leaves the index and the cached answers.
    await t.db.delete(tools).where(eq(tools.name, 'get_radar'));
    await indexingActivities(t.db, t.search).indexTools({ servers: ['weather'] });
    expect(names(await v1(query))).not.toContain('get_radar');
    await indexingActivities(t.db, t.search).removeTools({ servers: ['weather'] });
    expect((await v1(query)).json().data.tools.some((x: { server: string }) => x.server === 'weather')).toBe(false);
  });
});
