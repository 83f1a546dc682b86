import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalMiniLm } from '../../search/embedding/local-minilm.ts';
import type { EmbeddingProvider } from '../../search/embedding/types.ts';
import { dot } from '../../search/embedding/types.ts';
import { createWordPiece } from '../../search/embedding/wordpiece.ts';

// The files scripts/fetch-model.mjs writes at `npm ci` (postinstall); nothing is downloaded here.
const modelDir = join(import.meta.dirname, '..', '..', '.cache', 'models', 'all-minilm-l6-v2');

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

describe.each(['int8', 'fp32'] as const)('local MiniLM provider (%s queries)', (queryModel) => {
  let provider: EmbeddingProvider;
  beforeAll(async () => {
    provider = await createLocalMiniLm({ modelDir, queryModel });
  });
  afterAll(async () => provider?.close?.());

  it('loads from local files and returns normalised 384-d vectors', async () => {
    const [v] = await provider.embed(['check the weather']);
    expect(provider.dimensions).toBe(384);
    expect(v).toHaveLength(384);
    expect(dot(v, v)).toBeCloseTo(1, 5);
  });

  it('puts similar texts closer than unrelated ones', async () => {
    const [forecast, tomorrow, email, paris] = await provider.embed([
      'Get the weather forecast for a city',
      'Will it rain tomorrow in Paris?',
      'Send an email message to a colleague',
      'What is the temperature in Paris next week?',
    ]);
    expect(dot(forecast, tomorrow)).toBeGreaterThan(dot(forecast, email) + 0.15);
    expect(dot(paris, forecast)).toBeGreaterThan(dot(paris, email) + 0.15);
  });

  it('embeds a batch the same as one at a time (padding does not leak)', async () => {
    const texts = ['short', 'a much longer text about currency conversion and exchange rates between countries'];
    const batch = await provider.embed(texts);
    const single = await provider.embed([texts[0]]);
    expect(dot(batch[0], single[0])).toBeCloseTo(1, 4);
  });

  it('embeds a query like the same text as a document', async () => {
    const text = 'convert 100 dollars to euros';
    const [doc] = await provider.embed([text]);
    expect(dot(await provider.embedQuery!(text), doc)).toBeGreaterThan(queryModel === 'fp32' ? 0.9999 : 0.97);
  });

  it('fails with a clear message when the model folder is missing', async () => {
    await expect(createLocalMiniLm({ modelDir: '/nonexistent/model' })).rejects.toThrow(/fetch-model/);
  });
});
