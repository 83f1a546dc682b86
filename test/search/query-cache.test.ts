import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryEmbeddingCache } from '../../search/embedding/query-cache.ts';
import type { EmbeddingProvider } from '../../search/embedding/types.ts';
import { createSpaceEmbedder } from '../../search/user-spaces/openai-embeddings.ts';

interface Seen {
  auth?: string;
  path?: string;
  body: { model: string; input: string[] };
}

/** A tiny local server speaking the OpenAI embeddings API: each text becomes a 4-d vector of letter counts. */
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

/** The query cache in front of a provider that asks the local OpenAI-API server for each miss, so every miss shows as a request. */
function providerAt(url: string): EmbeddingProvider {
  const client = createSpaceEmbedder({ url, models: ['m'] }, 'm');
  return { id: 'http:m', dimensions: 4, embed: async (texts) => (await client.embed(texts)).vectors };
}

describe('the query embedding cache', () => {
  const fake = fakeServer();
  let baseUrl = '';
  beforeAll(async () => {
    await new Promise<void>((r) => fake.server.listen(0, '127.0.0.1', r));
    baseUrl = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise<void>((r) => fake.server.close(() => r())));

  it('serves repeated queries from the LRU cache and evicts the least recently used', async () => {
    const before = fake.seen.length;
    const cache = new QueryEmbeddingCache(providerAt(baseUrl), 2);
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
    const cache = new QueryEmbeddingCache(providerAt(baseUrl));
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
