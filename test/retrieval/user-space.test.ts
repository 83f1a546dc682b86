import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ElasticsearchBackend } from '../../search/backends/elasticsearch.ts';
import { BACKENDS, CATALOG, seedRegistry } from '../retrieval/helpers.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { cosine, standInVector, startEmbeddingsStandIn } from './stand-in.ts';
import { embeddingText } from '../../search/text/tool-text.ts';

// issue 22: a user's embedding provider really changes that user's retrieval, and only theirs.
const KEY = `sk-stand-in-${randomBytes(8).toString('hex')}`;
const MODEL = 'stand-in-bow';
/** Allowed by the deployment (EMBEDDING_MODELS) but not served by the stand-in: a 404, final. */
const GONE = 'stand-in-gone';
const DIMENSIONS = 96;
const SERVER = 'acct';
const OWN = [
  { name: 'make_bill', server: SERVER, description: 'Prepare an invoice and bill the client' },
  { name: 'sky_report', server: SERVER, description: 'Tell the weather forecast for a town' },
  { name: 'ping_team', server: SERVER, description: 'Post a chat message to the team' },
];
/** Words of the stand-in's made-up language: weather twice, invoice once. */
const QUERY = 'flim zorp zorp';

interface Tool {
  name: string;
  server: string;
  score: number;
  semantic_score: number;
}
interface V2 {
  tools: Tool[];
  embedding?: { space: string; fallback: boolean; requested_space?: string; reason?: string };
}

describe.each(BACKENDS)('a user\'s own embedding space (%s backend)', (backend) => {
  let stand: Awaited<ReturnType<typeof startEmbeddingsStandIn>>;
  let t: TestApp;
  let alice: Awaited<ReturnType<TestApp['createUser']>>;
  let bob: Awaited<ReturnType<TestApp['createUser']>>;
  const snapshots: Record<string, V2> = {};

  beforeAll(async () => {
    stand = await startEmbeddingsStandIn({ apiKey: KEY, models: { [MODEL]: DIMENSIONS } });
    const es: Record<string, string> = backend === 'elasticsearch' ? { SEARCH_BACKEND: 'elasticsearch', ELASTICSEARCH_INDEX: `sbtest-${randomBytes(5).toString('hex')}` } : {};
    t = await createTestApp({ env: { ...es, EMBEDDING_API_URL: stand.url, EMBEDDING_API_KEY: KEY, EMBEDDING_MODELS: `${MODEL},${GONE}` } });
    await seedRegistry(t.db, t.search, CATALOG);
    alice = await t.createUser({ plan: 'pro' });
    bob = await t.createUser({ plan: 'pro' });
    for (const user of [alice, bob]) {
      const res = await t.app.inject({ method: 'POST', url: '/v2/index_tools', headers: user.headers, payload: { tools: OWN } });
      expect(res.json().indexed).toBe(OWN.length);
    }
    // Alice's custom server: its tools are hers too.
    await seedRegistry(t.db, t.search, { radar: { category: 'custom', tools: [{ name: 'zorp_watch', description: 'Watch the rain radar near you' }] } }, alice.user.id);
  });
  afterAll(async () => {
    const es = t?.search.engine.backend;
    if (es instanceof ElasticsearchBackend) await es.destroy();
    await t?.close();
    await stand?.close();
  });

  const settings = async (user = alice) => (await t.app.inject({ method: 'GET', url: '/settings/embedding', headers: user.headers })).json();
  const choose = (payload: object, user = alice) => t.app.inject({ method: 'POST', url: '/settings/embedding', headers: user.headers, payload });
  const search = async (user: typeof alice, query = QUERY): Promise<V2> => {
    const res = await t.app.inject({ method: 'GET', url: `/v2/retrieve_tools?query=${encodeURIComponent(query)}&top_k=50`, headers: user.headers });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const own = (r: V2) => r.tools.filter((tool) => tool.server === SERVER).map((tool) => tool.name);
  const finished = async (workflowId: string) => t.temporal.client.workflow.getHandle(workflowId).result().then(() => 'completed', () => 'failed');
  /** The stand-in's own ranking of OWN for a query: what the user's ranking must follow. */
  const standInOrder = (query: string) => {
    const q = standInVector(query, DIMENSIONS);
    return OWN.map((tool) => ({ name: tool.name, c: cosine(q, standInVector(embeddingText({ id: '', ...tool }), DIMENSIONS)) }))
      .sort((x, y) => y.c - x.c)
      .map((x) => x.name);
  };

  it('offers the configured providers and refuses others, naming the allowed values', async () => {
    expect(await settings()).toMatchObject({ provider: 'local', status: 'ready', active_space: { provider: 'local' }, allowed: { local: [expect.any(String)], openai: [MODEL, GONE] } });
    const provider = await choose({ provider: 'cohere', vendor_model: MODEL });
    expect(provider.statusCode).toBe(400);
    expect(provider.json().error).toMatchObject({ code: 'INVALID_REQUEST', message: 'provider must be one of: local, openai', details: { parameter: 'provider', allowed: ['local', 'openai'] } });
    const model = await choose({ provider: 'openai', vendor_model: 'text-embedding-3-small' });
    expect(model.statusCode).toBe(400);
    expect(model.json().error.message).toBe(`vendor_model for openai must be one of: ${MODEL}, ${GONE}`);
    expect(stand.requests).toHaveLength(0);
  });

  it('re-embeds through retries with backoff, keeps the previous space meanwhile, then ranks the user\'s tools by the provider', async () => {
    snapshots.aliceBefore = await search(alice);
    snapshots.bobBefore = await search(bob);
    expect(snapshots.aliceBefore.embedding).toBeUndefined();
    expect(own(snapshots.aliceBefore)).toEqual(own(snapshots.bobBefore));
    // The default model does not know the made-up words: its order is not the stand-in's.
    expect(own(snapshots.aliceBefore)).not.toEqual(standInOrder(QUERY));

    stand.failNext(2, 503);
    const res = await choose({ provider: 'openai', vendor_model: MODEL });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ provider: 'openai', vendor_model: MODEL, status: 'reembedding', reembedding: true, active_space: { provider: 'local' } });
    // While the endpoint fails: the error and attempt are shown, and retrieval keeps the default space.
    let during: Record<string, unknown> | undefined;
    for (let i = 0; i < 100 && !during; i++) {
      const s = await settings();
      if (s.last_error) during = s;
      else await new Promise((r) => setTimeout(r, 50));
    }
    expect(during).toMatchObject({ status: 'reembedding', active_space: { provider: 'local' }, last_error: expect.stringContaining('answered 503') });
    expect(JSON.stringify(during)).not.toContain(KEY);
    expect(own(await search(alice))).toEqual(own(snapshots.aliceBefore));

    expect(await finished(res.json().workflow_id)).toBe('completed');
    const after = await settings();
    expect(after).toMatchObject({ status: 'ready', last_error: null, attempt: 3, reembedded_tools: OWN.length + 1, active_space: { provider: 'openai', vendor_model: MODEL, space: `openai:${MODEL}` } });
    expect(after.progress.done).toBe(after.progress.total);
    expect(stand.requests.filter((r) => r.status === 503)).toHaveLength(2);
    expect(stand.requests.some((r) => r.status === 200 && r.texts.some((text) => text.includes('Watch the rain radar')))).toBe(true);

    snapshots.aliceAfter = await search(alice);
    expect(snapshots.aliceAfter.embedding).toEqual({ space: `openai:${MODEL}`, fallback: false });
    expect(own(snapshots.aliceAfter)).toEqual(standInOrder(QUERY));
    // Bob did not switch: his ranking, scores included, is what it was.
    expect(await search(bob)).toMatchObject({ tools: snapshots.bobBefore.tools.map((tool) => ({ name: tool.name, server: tool.server, score: tool.score })) });
  });

  it('counts what the provider embedded: tool texts and queries, with their tokens', async () => {
    const { usage } = await settings();
    const documents = stand.requests.filter((r) => r.status === 200 && r.texts.length > 1).reduce((n, r) => n + r.texts.length, 0);
    expect(usage.documents.texts).toBe(documents);
    expect(usage.documents.texts).toBeGreaterThanOrEqual(OWN.length);
    expect(usage.documents.tokens).toBeGreaterThan(usage.documents.texts);
    expect(usage.queries.texts).toBe(1);
    expect(usage.queries.tokens).toBe(4);
  });

  it('falls back to the default space when the provider is down at query time, and says so', async () => {
    stand.down(true);
    const down = await search(alice, 'flim zorp');
    expect(down.embedding).toMatchObject({ fallback: true, space: t.search.embedderId, requested_space: `openai:${MODEL}`, reason: expect.stringContaining('did not answer') });
    expect(own(down).sort()).toEqual(OWN.map((o) => o.name).sort());
    stand.down(false);
    // The fallback answer was not cached: the same query is back in the user's space.
    const back = await search(alice, 'flim zorp');
    expect(back.embedding).toEqual({ space: `openai:${MODEL}`, fallback: false });
  });

  it('switches back to the default space at once, and to the provider again without embedding unchanged text', async () => {
    const local = await choose({ provider: 'local', vendor_model: (await settings()).allowed.local[0] });
    expect(local.json()).toMatchObject({ provider: 'local', status: 'ready', reembedding: false, active_space: { provider: 'local' } });
    const again = await search(alice);
    expect(again.embedding).toBeUndefined();
    expect(again.tools.map((tool) => [tool.name, tool.score])).toEqual(snapshots.aliceBefore.tools.map((tool) => [tool.name, tool.score]));

    const embeddedBefore = stand.embeddedTexts();
    const res = await choose({ provider: 'openai', vendor_model: MODEL });
    expect(await finished(res.json().workflow_id)).toBe('completed');
    expect(stand.embeddedTexts()).toBe(embeddedBefore);
    expect(own(await search(alice))).toEqual(standInOrder(QUERY));
    // Asked again for the space already in use: nothing starts.
    const same = await choose({ provider: 'openai', vendor_model: MODEL });
    expect(same.json()).toMatchObject({ status: 'ready', reembedding: false, active_space: { space: `openai:${MODEL}` } });

    // A tool indexed now is embedded into the owner's space at once: one text, no more.
    const added = await t.app.inject({ method: 'POST', url: '/v2/index_tools', headers: alice.headers, payload: { tools: [{ name: 'rain_alarm', server: SERVER, description: 'Warn when rain is near' }] } });
    expect(added.json().indexed).toBe(1);
    expect(stand.embeddedTexts()).toBe(embeddedBefore + 1);
    const withNew = await search(alice, 'zorp');
    expect(withNew.embedding).toEqual({ space: `openai:${MODEL}`, fallback: false });
    expect(own(withNew).slice(0, 2).sort()).toEqual(['rain_alarm', 'sky_report']);
  });

  it('keeps the previous space when the provider refuses the new model', async () => {
    const res = await choose({ provider: 'openai', vendor_model: GONE });
    expect(res.json()).toMatchObject({ status: 'reembedding', reembedding: true });
    expect(await finished(res.json().workflow_id)).toBe('failed');
    expect(await settings()).toMatchObject({ provider: 'openai', vendor_model: GONE, status: 'failed', attempt: 1, last_error: expect.stringContaining('answered 404'), active_space: { space: `openai:${MODEL}` } });
    expect((await search(alice)).embedding).toEqual({ space: `openai:${MODEL}`, fallback: false });
  });

  it('indexes while the provider fails, and a switch back to local ends the re-embed still retrying', async () => {
    stand.failNext(1000, 503);
    const added = await t.app.inject({ method: 'POST', url: '/v2/index_tools', headers: alice.headers, payload: { tools: [{ name: 'flim_audit', server: SERVER, description: 'Audit every invoice of the month' }] } });
    expect(added.json().indexed).toBe(1);
    const res = await choose({ provider: 'openai', vendor_model: MODEL });
    expect(res.json()).toMatchObject({ status: 'reembedding', reembedding: true });
    let retrying: { last_error: string | null } = { last_error: null };
    for (let i = 0; i < 100 && !retrying.last_error; i++) {
      retrying = await settings();
      if (!retrying.last_error) await new Promise((r) => setTimeout(r, 50));
    }
    expect(retrying).toMatchObject({ status: 'reembedding', last_error: expect.stringContaining('answered 503'), active_space: { space: `openai:${MODEL}` } });
    const local = await choose({ provider: 'local', vendor_model: (await settings()).allowed.local[0] });
    expect(local.json()).toMatchObject({ status: 'ready', reembedding: false, last_error: null, active_space: { provider: 'local' } });
    const described = await t.temporal.client.workflow.getHandle(res.json().workflow_id).describe();
    expect(described.status.name).toBe('TERMINATED');
    stand.failNext(0);
    expect(await settings()).toMatchObject({ provider: 'local', status: 'ready', active_space: { provider: 'local' } });
    expect((await search(alice)).embedding).toBeUndefined();
  });

  it('shares vectors of identical text across users, and stops asking a provider that timed out for a while', async () => {
    const embeddedBefore = stand.embeddedTexts();
    const res = await choose({ provider: 'openai', vendor_model: MODEL }, bob);
    expect(await finished(res.json().workflow_id)).toBe('completed');
    // Bob's tools have Alice's texts: nothing new was embedded, and nothing is counted for him.
    expect(stand.embeddedTexts()).toBe(embeddedBefore);
    expect((await settings(bob)).usage.documents.texts).toBe(0);
    expect(own(await search(bob))).toEqual(standInOrder(QUERY));

    stand.hang(true);
    const first = await search(bob, 'zorp flim');
    expect(stand.requests.at(-1)?.status).toBe(0);
    expect(first.embedding).toMatchObject({ fallback: true, reason: expect.stringContaining('TimeoutError') });
    // The next query does not wait for it again: the provider is not even asked.
    const asked = stand.requests.length;
    const second = await search(bob, 'krat flim');
    expect(second.embedding).toMatchObject({ fallback: true, reason: expect.stringMatching(/not asked again for \d+ s$/) });
    expect(stand.requests.length).toBe(asked);
    stand.hang(false);
  });
});
