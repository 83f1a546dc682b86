import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpProvider } from '../../search/embedding/http-provider.ts';
import { QueryEmbeddingCache } from '../../search/embedding/query-cache.ts';
import { dot } from '../../search/embedding/types.ts';

interface Seen {
  auth?: string;
  path?: string;
  body: { model: string; input: string[] };
}

/**
 * A tiny local server speaking the OpenAI embeddings API: each text becomes a 4-d vector of
 * letter counts (unnormalised on purpose), answered in reverse order with `index` set.
 */
function fakeServer() {
  const seen: Seen[] = [];
  let failNext = 0;
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw) as Seen['body'];
      seen.push({ auth: req.headers.authorization, path: req.url, body });
      if (failNext > 0) {
        failNext--;
        res.writeHead(429, { 'content-type': 'application/json' }).end('{"error":{"message":"slow down"}}');
        return;
      }
      const data = body.input.map((t, index) => ({ object: 'embedding', index, embedding: ['a', 'e', 'i', 'o'].map((c) => t.split(c).length) }));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', model: body.model, data: data.reverse() }));
    });
  });
  return { server, seen, fail: (n: number) => (failNext = n) };
}

describe('OpenAI-compatible HTTP provider', () => {
  const fake = fakeServer();
  let baseUrl = '';
  beforeAll(async () => {
    await new Promise<void>((r) => fake.server.listen(0, '127.0.0.1', r));
    baseUrl = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise<void>((r) => fake.server.close(() => r())));

  it('POSTs {model, input[]} to {baseUrl}/embeddings with the bearer key, in batches', async () => {
    const provider = createHttpProvider({ baseUrl: `${baseUrl}/`, model: 'text-embed-small', apiKey: 'sk-test', dimensions: 4, batchSize: 2 });
    const vectors = await provider.embed(['aaa', 'eee', 'iii']);
    expect(fake.seen.map((s) => s.body.input)).toEqual([['aaa', 'eee'], ['iii']]);
    expect(fake.seen[0]).toMatchObject({ auth: 'Bearer sk-test', path: '/v1/embeddings', body: { model: 'text-embed-small' } });
    expect(provider.id).toBe('http:text-embed-small');
    // Answers come back reversed; `index` puts each vector with its text, normalised.
    expect(vectors[0][0]).toBeGreaterThan(vectors[0][1]);
    expect(vectors[1][1]).toBeGreaterThan(vectors[1][0]);
    for (const v of vectors) expect(dot(v, v)).toBeCloseTo(1, 6);
  });

  it('throws with the status when the endpoint refuses, and on a wrong dimension', async () => {
    fake.fail(1);
    const provider = createHttpProvider({ baseUrl, model: 'm', dimensions: 4 });
    await expect(provider.embed(['x'])).rejects.toThrow(/answered 429: .*slow down/);
    await expect(createHttpProvider({ baseUrl, model: 'm', dimensions: 8 }).embed(['x'])).rejects.toThrow(/4 dimensions, expected 8/);
  });

  it('serves repeated queries from the LRU cache and evicts the least recently used', async () => {
    const before = fake.seen.length;
    const cache = new QueryEmbeddingCache(createHttpProvider({ baseUrl, model: 'm', dimensions: 4 }), 2);
    await cache.embed('one');
    await cache.embed('two');
    await cache.embed('one');
    await cache.embed('three'); // evicts 'two', the least recently used
    await cache.embed('one');
    expect(fake.seen.length - before).toBe(3);
    expect({ hits: cache.hits, misses: cache.misses, size: cache.size }).toEqual({ hits: 2, misses: 3, size: 2 });
    await cache.embed('two');
    expect(fake.seen.length - before).toBe(4);
  });

  it('shares a query being embedded with a second caller of the same text (one request), and forgets a failed one', async () => {
    const before = fake.seen.length;
    const cache = new QueryEmbeddingCache(createHttpProvider({ baseUrl, model: 'm', dimensions: 4 }));
    const [a, b] = await Promise.all([cache.embed('shared text'), cache.embed('shared text')]);
    expect(fake.seen.length - before).toBe(1);
    expect(b).toBe(a);
    expect(cache.lookup('shared text')).toBe(a);
    expect({ hits: cache.hits, misses: cache.misses }).toEqual({ hits: 1, misses: 1 });
    fake.fail(1);
    const failing = [cache.embed('refused'), cache.embed('refused')];
    for (const p of failing) await expect(p).rejects.toThrow(/429/);
    expect(cache.lookup('refused')).toBeUndefined();
    await expect(cache.embed('refused')).resolves.toHaveLength(4);
    expect(fake.seen.length - before).toBe(3);
  });
});
