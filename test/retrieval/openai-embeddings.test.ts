import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSpaceEmbedder, EmbeddingEndpointError } from '../../search/user-spaces/openai-embeddings.ts';

// The client of users' own providers against a real HTTP server whose answer each test sets:
// what it accepts (any dimension, out-of-order items, usage), what it refuses, how it classifies
// failures for the re-embed's retries, and that the key never reaches an error message.
const KEY = 'sk-secret-0123456789';
let answer: (body: { model: string; input: string[] }, auth: string | undefined) => { status: number; body: unknown } = () => ({ status: 200, body: {} });
let url = '';
const server = createServer((req, res) => {
  let text = '';
  req.on('data', (c) => (text += c));
  req.on('end', () => {
    const { status, body } = answer(JSON.parse(text), req.headers.authorization);
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
});
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

const embedder = (batchSize?: number) => createSpaceEmbedder({ url, apiKey: KEY, models: ['m'] }, 'm', { batchSize });
const failure = async (p: Promise<unknown>) => p.then(() => expect.fail('resolved'), (e: unknown) => e as EmbeddingEndpointError);

describe('the OpenAI-compatible embeddings client of user spaces', () => {
  it('takes any dimension, puts items in their index order, normalises, sums tokens over batches', async () => {
    const seen: string[][] = [];
    answer = (body, auth) => {
      expect(auth).toBe(`Bearer ${KEY}`);
      expect(body.model).toBe('m');
      seen.push(body.input);
      const data = body.input.map((t, index) => ({ index, embedding: [t.length, 0, 0, 0, 0, 3] })).reverse();
      return { status: 200, body: { data, usage: { prompt_tokens: body.input.length * 2 } } };
    };
    const out = await embedder(2).embed(['a', 'bbbb', 'cc']);
    expect(seen).toEqual([['a', 'bbbb'], ['cc']]);
    expect(out.tokens).toBe(6);
    expect(out.vectors.map((v) => v.length)).toEqual([6, 6, 6]);
    expect(out.vectors[1][0]).toBeCloseTo(4 / 5);
    expect(out.vectors[1][5]).toBeCloseTo(3 / 5);
    expect(embedder().id).toBe('openai:m');
  });

  it('retries 429 and 5xx, not another 4xx, and never quotes the key', async () => {
    for (const [status, retryable] of [[429, true], [503, true], [401, false], [404, false]] as const) {
      answer = (_body, auth) => ({ status, body: { error: { message: `refused ${auth}` } } });
      const error = await failure(embedder().embed(['x']));
      expect(error).toBeInstanceOf(EmbeddingEndpointError);
      expect(error).toMatchObject({ status, retryable });
      expect(error.message).toContain(`answered ${status}`);
      expect(error.message).not.toContain(KEY);
    }
  });

  it('refuses answers that are not embeddings of the texts sent', async () => {
    answer = () => ({ status: 200, body: { data: [{ index: 0, embedding: [1, 2] }] } });
    expect((await failure(embedder().embed(['x', 'y']))).message).toContain('returned 1 vectors for 2 texts');
    answer = () => ({ status: 200, body: { data: [{ index: 0, embedding: [1, 2] }, { index: 1, embedding: [1, 2, 3] }] } });
    expect((await failure(embedder().embed(['x', 'y']))).message).toContain('vectors of 2 and 3 dimensions');
    answer = () => ({ status: 200, body: { data: [{ index: 0, embedding: ['a'] }] } });
    expect(await failure(embedder().embed(['x']))).toMatchObject({ retryable: false });
  });

  it('calls a server that does not answer retryable', async () => {
    const dead = createSpaceEmbedder({ url: 'http://127.0.0.1:9/v1', models: ['m'] }, 'm');
    expect(await failure(dead.embed(['x'], { timeoutMs: 2000 }))).toMatchObject({ status: null, retryable: true });
  });
});
