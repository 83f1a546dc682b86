import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalModel, poolTokens } from '../../search/embedding/local-model.ts';
import { DEFAULT_MODEL_DIR } from '../../search/embedding/model-files.ts';
import { readModelSpec } from '../../search/embedding/model-spec.ts';
import type { EmbeddingProvider } from '../../search/embedding/types.ts';
import { dot } from '../../search/embedding/types.ts';
import { createWordPiece } from '../../search/embedding/wordpiece.ts';

// The files scripts/fetch-model.mjs writes at `npm ci` (postinstall) for the default model;
// nothing is downloaded here.
const modelDir = DEFAULT_MODEL_DIR;
const spec = readModelSpec(modelDir);

describe('WordPiece tokenizer', () => {
  const tok = createWordPiece(JSON.parse(readFileSync(join(modelDir, 'tokenizer.json'), 'utf8')));
  const vocab = JSON.parse(readFileSync(join(modelDir, 'tokenizer.json'), 'utf8')).model.vocab as Record<string, number>;
  const words = (ids: number[]) => ids.map((id) => Object.keys(vocab).find((k) => vocab[k] === id));

  it('wraps in [CLS]/[SEP], lower-cases, splits punctuation and sub-words', () => {
    expect(words(tok.encode('Hello, World!', 32))).toEqual(['[CLS]', 'hello', ',', 'world', '!', '[SEP]']);
    expect(words(tok.encode('unaffable', 32))).toEqual(['[CLS]', 'una', '##ffa', '##ble', '[SEP]']);
  });

  it('truncates to the token limit, keeping [SEP]', () => {
    const ids = tok.encode('word '.repeat(100), 10);
    expect(ids).toHaveLength(10);
    expect(words([ids[9]])).toEqual(['[SEP]']);
  });
});

describe('pooling', () => {
  // Two sequences of two 3-d token states, the second padded (length 1).
  const hidden = new Float32Array([3, 0, 0, 0, 4, 0, /* padded: */ 0, 0, 2, 9, 9, 9]);
  it('mean pools over the real tokens only, then normalises', () => {
    const close = (v: Float32Array, want: number[]) => want.forEach((x, i) => expect(v[i]).toBeCloseTo(x, 6));
    close(poolTokens(hidden, 0, 2, 3, 'mean'), [0.6, 0.8, 0]);
    close(poolTokens(hidden, 6, 1, 3, 'mean'), [0, 0, 1]);
  });
  it('cls pooling takes the first token state', () => {
    expect(Array.from(poolTokens(hidden, 0, 2, 3, 'cls'))).toEqual([1, 0, 0]);
  });
});

describe.each(['int8', 'fp32'] as const)('local model provider, the default model (%s queries)', (queryModel) => {
  let provider: EmbeddingProvider;
  beforeAll(async () => {
    provider = await createLocalModel({ modelDir, queryModel });
  });
  afterAll(async () => provider?.close?.());

  it('is named after the model its manifest names (the key of its stored vectors)', () => {
    expect(provider.id).toBe(`local:${spec.name}`);
  });

  it('loads from local files and returns normalised 384-d vectors', async () => {
    const [v] = await provider.embed(['check the weather']);
    expect(provider.dimensions).toBe(384);
    expect(v).toHaveLength(384);
    expect(dot(v, v)).toBeCloseTo(1, 5);
  });

  it('puts a request closest to the tool that answers it', async () => {
    // Queries against documents, as retrieval uses them (e5 is asymmetric: query: / passage:).
    // e5's cosines of unrelated texts sit near 0.7, so the margin is small in absolute terms.
    const docs = await provider.embed(['Get the weather forecast for a city', 'Send an email message to a colleague', 'Convert an amount between currencies']);
    const cases: [string, number][] = [['Will it rain tomorrow in Paris?', 0], ['What is the temperature in Paris next week?', 0], ['email my boss the report', 1], ['how many euros is 100 dollars', 2]];
    for (const [query, answer] of cases) {
      const q = await provider.embedQuery!(query);
      const scores = docs.map((d) => dot(q, d));
      const others = scores.filter((_, i) => i !== answer);
      expect(scores[answer], query).toBeGreaterThan(Math.max(...others) + 0.02);
    }
  });

  it('embeds a batch the same as one at a time (padding does not leak)', async () => {
    const texts = ['short', 'a much longer text about currency conversion and exchange rates between countries'];
    const batch = await provider.embed(texts);
    const single = await provider.embed([texts[0]]);
    expect(dot(batch[0], single[0])).toBeCloseTo(1, 4);
  });

  it('embeds a query like the same text as a document with the query prefix (the prefix is what differs)', async () => {
    const text = 'convert 100 dollars to euros';
    const asQuery = await createLocalModel({ modelDir, queryModel, spec: { documentPrefix: spec.queryPrefix } });
    try {
      const [doc] = await asQuery.embed([text]);
      expect(dot(await provider.embedQuery!(text), doc)).toBeGreaterThan(queryModel === 'fp32' ? 0.9999 : 0.97);
      if (spec.queryPrefix !== spec.documentPrefix) expect(dot((await provider.embed([text]))[0], doc)).toBeLessThan(0.9999);
    } finally {
      await asQuery.close?.();
    }
  });

  it('fails with a clear message when the model folder is missing', async () => {
    await expect(createLocalModel({ modelDir: '/nonexistent/model' })).rejects.toThrow(/fetch-model/);
  });
});
