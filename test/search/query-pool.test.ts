import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalMiniLm } from '../../search/embedding/local-minilm.ts';
import type { EmbeddingProvider } from '../../search/embedding/types.ts';
import { dot } from '../../search/embedding/types.ts';

const modelDir = join(import.meta.dirname, '..', '..', '.cache', 'models', 'all-minilm-l6-v2');

describe('query embeddings on worker threads', () => {
  let inThread: EmbeddingProvider;
  let pooled: EmbeddingProvider;
  beforeAll(async () => {
    inThread = await createLocalMiniLm({ modelDir });
    pooled = await createLocalMiniLm({ modelDir, queryWorkers: 2 });
  });
  afterAll(async () => {
    await inThread?.close?.();
    await pooled?.close?.();
  });

  it('gives the vector the calling thread gives', async () => {
    const text = 'convert 100 dollars to euros';
    const v = await pooled.embedQuery!(text);
    expect(v).toHaveLength(384);
    expect(dot(v, v)).toBeCloseTo(1, 5);
    expect(dot(v, await inThread.embedQuery!(text))).toBeGreaterThan(0.9999);
  });

  it('answers concurrent queries each with its own vector', async () => {
    const texts = ['weather in Paris', 'send an email', 'stock price of Apple', 'translate to French', 'weather in Paris'];
    const vectors = await Promise.all(texts.map((t) => pooled.embedQuery!(t)));
    const alone = await Promise.all(texts.map((t) => inThread.embedQuery!(t)));
    vectors.forEach((v, i) => expect(dot(v, alone[i])).toBeGreaterThan(0.9999));
    expect(dot(vectors[0], vectors[4])).toBeCloseTo(1, 5);
    expect(dot(vectors[0], vectors[1])).toBeLessThan(0.9);
  });

  it('refuses queries once closed', async () => {
    const provider = await createLocalMiniLm({ modelDir, queryWorkers: 1 });
    await provider.close!();
    await expect(provider.embedQuery!('anything')).rejects.toThrow(/closed/);
  });
});
