import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userServers } from '../../db/schema/index.ts';
import type { DiscoveryApp } from './helpers.ts';
import { BACKENDS, CATALOG, discoveryApp, schemaOf, seedRegistry } from './helpers.ts';

// The scope rule (docs/retrieval-api.md): anonymous = public catalog; a user = public catalog
// plus their custom servers and indexed tools, with their own and their enabled servers preferred.
describe.each(BACKENDS)('retrieval scope (%s backend)', (backend) => {
  let t: DiscoveryApp;
  let alice: Awaited<ReturnType<DiscoveryApp['createUser']>>;
  let bob: Awaited<ReturnType<DiscoveryApp['createUser']>>;
  const names = (res: { json(): { tools: { name: string; server: string }[] } }) => res.json().tools.map((x) => `${x.server}/${x.name}`);

  beforeAll(async () => {
    t = await discoveryApp(backend);
    alice = await t.createUser({ plan: 'pro' });
    bob = await t.createUser({ plan: 'pro' });
    await seedRegistry(t.db, t.search, CATALOG);
    // Alice's custom server, and a tool she indexed through the API.
    await seedRegistry(t.db, t.search, { 'alice-crm': { category: 'custom', tools: [{ name: 'find_customer', description: 'Find a customer record in the CRM by e-mail', params: { email: 'E-mail' } }] } }, alice.user.id);
    const indexed = await t.app.inject({
      method: 'POST',
      url: '/v2/index_tools',
      headers: alice.headers,
      payload: { tools: [{ name: 'book_meeting_room', server: 'alice-office', description: 'Book a meeting room in the office', inputSchema: schemaOf({ room: 'Room' }) }] },
    });
    expect(indexed.json()).toMatchObject({ indexed: 1, failed: 0 });
  });
  afterAll(async () => t?.close());

  const search = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('shows anonymous callers the public catalog only', async () => {
    const res = await search('/retrieve_tools?query=find%20a%20customer%20in%20the%20crm&top_k=50');
    expect(names(res)).not.toContain('alice-crm/find_customer');
    expect(res.json().total_tools_searched).toBe(9);
    expect(names(await search('/retrieve_tools?query=book%20a%20meeting%20room&top_k=50'))).not.toContain('alice-office/book_meeting_room');
  });

  it("adds the user's custom servers and indexed tools, for that user only", async () => {
    const mine = await search('/v2/retrieve_tools?query=find%20a%20customer%20in%20the%20crm', alice.headers);
    expect(names(mine)[0]).toBe('alice-crm/find_customer');
    expect(mine.json().total_tools_searched).toBe(11);
    expect(names(await search('/v2/retrieve_tools?query=book%20a%20meeting%20room', alice.headers))[0]).toBe('alice-office/book_meeting_room');
    const other = await search('/v2/retrieve_tools?query=find%20a%20customer%20in%20the%20crm&top_k=50', bob.headers);
    expect(names(other)).not.toContain('alice-crm/find_customer');
    expect(other.json().total_tools_searched).toBe(9);
  });

  it("prefers the servers the user enabled", async () => {
    // "list" matches tools of three servers; enabling github lifts its tools' scores and ranks
    // (its list tool is third, and its other tools, just behind postgres's run_query, pass it).
    const query = '/retrieve_tools?query=list%20things&top_k=10';
    const before = (await search(query, bob.headers)).json().tools as { server: string; name: string; score: number }[];
    const pulls = before.find((x) => x.name === 'list_pull_requests')!;
    const hersBefore = (await search(query, alice.headers)).json().tools as { name: string; score: number }[];
    await t.db.insert(userServers).values({ userId: bob.user.id, serverName: 'github', enabled: true });
    const after = (await search(query, bob.headers)).json().tools as { server: string; name: string; score: number }[];
    const boosted = after.find((x) => x.name === 'list_pull_requests')!;
    expect(boosted.score).toBeCloseTo(pulls.score + 0.1 * (1 - pulls.score), 3);
    // Every github tool ranks at least as high as before, and at least one higher.
    const rank = (list: { server: string; name: string }[], name: string) => {
      const at = list.findIndex((x) => x.name === name);
      return at < 0 ? list.length : at;
    };
    const github = [...new Set([...before, ...after].filter((x) => x.server === 'github').map((x) => x.name))];
    for (const name of github) expect(rank(after, name), name).toBeLessThanOrEqual(rank(before, name));
    expect(github.some((name) => rank(after, name) < rank(before, name)), JSON.stringify({ before, after })).toBe(true);
    // Alice did not enable it: her ranking is unchanged by Bob's choice.
    const hers = (await search(query, alice.headers)).json().tools as { name: string; score: number }[];
    expect(hers.find((x) => x.name === 'list_pull_requests')!.score).toBeCloseTo(hersBefore.find((x) => x.name === 'list_pull_requests')!.score, 3);
  });
});
