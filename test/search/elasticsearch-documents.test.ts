import { createServer, request } from 'node:http';
import { Client } from '@elastic/elasticsearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ElasticsearchBackend } from '../../search/backends/elasticsearch.ts';
import { DEFAULT_BM25 } from '../../search/bm25.ts';
import { indexBody } from '../../search/backends/elasticsearch-mapping.ts';
import { discover } from '../../search/discover.ts';
import { createLocalModel } from '../../search/embedding/local-model.ts';
import { DEFAULT_MODEL_DIR } from '../../search/embedding/model-files.ts';
import type { EmbeddingProvider } from '../../search/embedding/types.ts';
import { RetrievalEngine } from '../../search/engine.ts';
import { analyze } from '../../search/text/tokenize.ts';
import type { ToolDocument } from '../../search/types.ts';
import { elasticsearchUrl, uniqueId } from '../support/services.ts';
import { axis, DIMS, indexed, TOOLS } from './fixtures.ts';

// The candidates' documents come from an in-process cache keyed by the content hash the search
// hits carry; these tests change documents through another backend on the same alias (another
// API replica or a worker) and check that the cache never answers with the old content.
const client = new Client({ node: elasticsearchUrl() });
afterAll(async () => client.close());

const versionsOf = (lists: { id: string; version?: string }[][]) => new Map(lists.flat().map((h) => [h.id, h.version!]));

describe('Elasticsearch document cache', () => {
  const alias = uniqueId('sbtest-doccache');
  const mine = new ElasticsearchBackend({ client, alias, dimensions: DIMS, refresh: 'wait_for' });
  const other = new ElasticsearchBackend({ client, alias, dimensions: DIMS, refresh: 'wait_for' });
  afterAll(async () => {
    await mine.destroy();
    await client.indices.delete({ index: `${alias}-*` }, { ignore: [404] });
  });

  /** One retrieval's hits and then their documents, as `discover` asks for them. */
  const lookUp = async (backend: ElasticsearchBackend, text: string) => {
    const { bm25, vector } = await backend.search({ tokens: analyze(text), vector: axis(DIMS, 0, 1, 1), size: 5 });
    expect(bm25.length).toBeGreaterThan(0);
    return backend.documents([...new Set([...bm25, ...vector].map((h) => h.id))], versionsOf([bm25, vector]));
  };

  it('answers documents seen before without reading them, and a document another process changed with its new content', async () => {
    await other.upsert(indexed());
    const first = await lookUp(mine, 'weather forecast alerts');
    expect(first.get('weather/get_forecast')).toEqual(TOOLS[0]);
    const before = mine.documentCacheStats()!;

    const again = await lookUp(mine, 'weather forecast alerts');
    const after = mine.documentCacheStats()!;
    expect(after.misses).toBe(before.misses);
    expect(after.hits - before.hits).toBe(again.size);
    expect(again.get('weather/get_forecast')).toBe(first.get('weather/get_forecast'));

    const changed: ToolDocument = { ...TOOLS[0], description: 'Weather forecast for a city, hour by hour' };
    await other.upsert([{ doc: changed, vector: axis(DIMS, 0) }]);
    const fresh = await lookUp(mine, 'weather forecast alerts');
    expect(fresh.get('weather/get_forecast')).toEqual(changed);
    expect(fresh.get('weather/get_alerts')).toBe(first.get('weather/get_alerts'));
    expect(mine.documentCacheStats()!.misses).toBe(after.misses + 1);
  });

  it('reads ids that come without a content hash, and keeps the order asked', async () => {
    const docs = await mine.documents(['mail/send_email', 'nope', 'weather/get_alerts']);
    expect([...docs.keys()]).toEqual(['mail/send_email', 'weather/get_alerts']);
    expect(docs.get('mail/send_email')).toEqual(TOOLS[2]);
    const hashes = versionsOf([(await mine.search({ tokens: analyze('email alerts'), vector: null, size: 5 })).bm25]);
    expect([...(await mine.documents(['weather/get_alerts', 'mail/send_email'], hashes)).keys()]).toEqual(['weather/get_alerts', 'mail/send_email']);
  });

  it('reads documents once for two retrievals asking at the same time, and answers both and the next with that one copy', async () => {
    // Issue 33 item 9: discover's BM25 head start and its fused list ask for the same candidates
    // moments apart. Two mgets used to race, and the later one replaced the copy the first
    // retrieval had answered, so the next retrieval handed back a different (equal) object.
    const fresh = new ElasticsearchBackend({ client, alias, dimensions: DIMS, refresh: 'wait_for' });
    const { bm25, vector } = await fresh.search({ tokens: analyze('weather forecast alerts'), vector: axis(DIMS, 0, 1, 1), size: 5 });
    const ids = [...new Set([...bm25, ...vector].map((h) => h.id))];
    const versions = versionsOf([bm25, vector]);
    const [one, two] = await Promise.all([fresh.documents(ids, versions), fresh.documents(ids, versions)]);
    expect(one.size).toBe(ids.length);
    for (const id of ids) expect(two.get(id), id).toBe(one.get(id));
    // One read of each document, not two.
    expect(fresh.documentCacheStats()!.misses).toBe(ids.length);
    const next = await fresh.documents(ids, versions);
    for (const id of ids) expect(next.get(id), id).toBe(one.get(id));
  });

  it('never serves the old content when another process deletes the index and writes the same id again', async () => {
    // The case that content hashes cover and sequence numbers would not: a new index of the
    // same name starts its sequence numbers and versions over.
    const alerts = await lookUp(mine, 'severe alerts state');
    expect(alerts.get('weather/get_alerts')).toEqual(TOOLS[1]);
    await other.destroy();
    const replaced: ToolDocument = { ...TOOLS[1], description: 'Severe alerts for a country' };
    await other.upsert([{ doc: replaced, vector: axis(DIMS, 1) }]);
    expect((await lookUp(mine, 'severe alerts state')).get('weather/get_alerts')).toEqual(replaced);
  });

  it('keeps serving from the cache across another process\'s rebuild that keeps the content', async () => {
    await other.rebuild(indexed());
    await lookUp(mine, 'convert currency email');
    const before = mine.documentCacheStats()!;
    await other.rebuild(indexed());
    const docs = await lookUp(mine, 'convert currency email');
    expect(docs.get('finance/convert_currency')).toEqual(TOOLS[3]);
    expect(mine.documentCacheStats()!.misses).toBe(before.misses);
  });
});

describe('Elasticsearch indices made before the content hash', () => {
  const alias = uniqueId('sbtest-nohash');
  const backend = new ElasticsearchBackend({ client, alias, dimensions: DIMS, refresh: 'wait_for' });
  afterAll(async () => client.indices.delete({ index: `${alias}-*` }, { ignore: [404] }));

  /** An index with the previous mapping (no `doc_hash`) and one document written without it. */
  const oldIndex = async (name: string) => {
    const body = indexBody(DIMS, DEFAULT_BM25);
    delete (body.mappings.properties as Record<string, unknown>).doc_hash;
    await client.indices.create({ index: name, ...body });
    await client.index({ index: name, id: TOOLS[2].id, refresh: true, document: { t_name: 'send email', server: 'mail', category: null, owner: '__public__', vector: Array.from(axis(DIMS, 2)), doc: TOOLS[2] } });
  };

  it('adds the field to an index it finds behind the alias, reads documents written without a hash, and writes new ones', async () => {
    await oldIndex(`${alias}-old1`);
    await client.indices.putAlias({ index: `${alias}-old1`, name: alias, is_write_index: true });
    const { bm25 } = await backend.search({ tokens: analyze('send email'), vector: null, size: 5 });
    expect(bm25).toEqual([{ id: 'mail/send_email', score: expect.any(Number) }]);
    expect((await backend.documents(['mail/send_email'], versionsOf([bm25]))).get('mail/send_email')).toEqual(TOOLS[2]);
    await backend.upsert(indexed().slice(0, 1));
    expect((await backend.search({ tokens: analyze('forecast'), vector: null, size: 5 })).bm25[0].version).toMatch(/^[\w-]{22}$/);
  });

  it('writes into an index without the field that the alias moved to after it started (a rebuild by the previous version)', async () => {
    await oldIndex(`${alias}-old2`);
    await client.indices.updateAliases({ actions: [{ remove: { index: `${alias}-old1`, alias } }, { add: { index: `${alias}-old2`, alias, is_write_index: true } }] });
    await backend.upsert(indexed().slice(3, 4));
    expect(await backend.has(['finance/convert_currency', 'mail/send_email'])).toEqual(new Set(['finance/convert_currency', 'mail/send_email']));
  });
});

describe('discover on Elasticsearch with another process changing a document', () => {
  const alias = uniqueId('sbtest-docdiscover');
  let embedder: EmbeddingProvider;
  let engine: RetrievalEngine;
  let writer: RetrievalEngine;
  beforeAll(async () => {
    embedder = await createLocalModel({ modelDir: DEFAULT_MODEL_DIR });
    engine = new RetrievalEngine({ backend: new ElasticsearchBackend({ client, alias, dimensions: embedder.dimensions, refresh: 'wait_for' }), embedder });
    writer = new RetrievalEngine({ backend: new ElasticsearchBackend({ client, alias, dimensions: embedder.dimensions, refresh: 'wait_for' }), embedder });
    await writer.index(TOOLS);
  });
  afterAll(async () => {
    await (engine?.backend as ElasticsearchBackend | undefined)?.destroy();
    await embedder?.close?.();
  });

  it('returns the changed document on the next retrieval', async () => {
    const query = 'send an email message to a recipient';
    const first = await discover(engine, { query, topK: 3 });
    expect(first.tools[0].doc).toEqual(TOOLS[2]);
    expect((await discover(engine, { query, topK: 3 })).tools[0].doc).toBe(first.tools[0].doc);
    const changed: ToolDocument = { ...TOOLS[2], description: 'Send an email message to a recipient, with attachments', tags: ['mail'] };
    await writer.index([changed]);
    const next = await discover(engine, { query, topK: 3 });
    expect(next.tools.find((t) => t.id === changed.id)?.doc).toEqual(changed);
  });

  it('hands back the same document on the next retrieval when the BM25 head start\'s read finishes last', async () => {
    // Issue 33 item 9, the failure of a fresh machine made certain: Elasticsearch reached through
    // a proxy that holds the first mget (the head start's) back for a second, so the fused list's
    // read of the same documents goes out and comes back while it is still running.
    const proxy = await delayingProxy(elasticsearchUrl(), (path) => path.includes('/_mget'), 1_000);
    const proxied = new Client({ node: proxy.url });
    const slow = new RetrievalEngine({ backend: new ElasticsearchBackend({ client: proxied, alias, dimensions: embedder.dimensions, refresh: 'wait_for' }), embedder });
    try {
      const query = 'send an email message to a recipient';
      const first = await discover(slow, { query, topK: 3 });
      expect(proxy.held()).toBe(1);
      // The next retrieval comes after the held read has finished (and used to replace the copy).
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const second = await discover(slow, { query, topK: 3 });
      expect(second.tools[0].id).toBe(first.tools[0].id);
      expect(second.tools[0].doc).toBe(first.tools[0].doc);
    } finally {
      await proxied.close();
      await proxy.close();
    }
  });
});

/** An HTTP proxy to `target` that holds the first request matching `hold` back for `ms` before forwarding it. */
async function delayingProxy(target: string, hold: (path: string) => boolean, ms: number) {
  const upstream = new URL(target);
  let held = 0;
  const server = createServer((req, res) => {
    const wait = held === 0 && hold(req.url ?? '') ? ms : 0;
    if (wait) held++;
    const forward = () => {
      const out = request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      out.on('error', () => res.destroy());
      req.pipe(out);
    };
    if (wait) setTimeout(forward, wait);
    else forward();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    held: () => held,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
