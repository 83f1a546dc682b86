import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ort from 'onnxruntime-node';
import type { EmbeddingProvider } from '../../search/embedding/types.ts';
import { normalize } from '../../search/embedding/types.ts';
import { createWordPiece } from '../../search/embedding/wordpiece.ts';

/**
 * The static (model2vec-style) candidate: one vector per vocabulary token, distilled from the
 * same MiniLM by running each token alone through it ([CLS] t [SEP], its output at position 1),
 * then a text is the normalised mean of its tokens' vectors. That is model2vec's recipe without
 * PCA; no static model package on PyPI ships its table, so we distil it (cached under .cache/).
 * Used by bench/lib/compare-embedders.ts to compare quality and latency; not the product default.
 */
export async function createStaticFromMiniLm(modelDir: string, cacheDir: string, corpus: string[]): Promise<EmbeddingProvider> {
  const tokenizer = createWordPiece(JSON.parse(readFileSync(join(modelDir, 'tokenizer.json'), 'utf8')));
  const dims = 384;
  const file = join(cacheDir, 'static-minilm.f32');
  let table: Float32Array;
  if (existsSync(file)) {
    const b = readFileSync(file);
    table = new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
  } else {
    const session = await ort.InferenceSession.create(join(modelDir, 'model.onnx'), { intraOpNumThreads: 2 });
    const n = tokenizer.vocabSize;
    table = new Float32Array(n * dims);
    const batch = 512;
    for (let s = 0; s < n; s += batch) {
      const m = Math.min(batch, n - s);
      const ids = new BigInt64Array(m * 3);
      for (let i = 0; i < m; i++) ids.set([101n, BigInt(s + i), 102n], i * 3);
      const out = await session.run({
        input_ids: new ort.Tensor('int64', ids, [m, 3]),
        attention_mask: new ort.Tensor('int64', new BigInt64Array(m * 3).fill(1n), [m, 3]),
        position_ids: new ort.Tensor('int64', BigInt64Array.from([0n, 1n, 2n]), [1, 3]),
      });
      const h = out.last_hidden_state.data as Float32Array;
      for (let i = 0; i < m; i++) table.set(h.subarray((i * 3 + 1) * dims, (i * 3 + 2) * dims), (s + i) * dims);
    }
    await session.release();
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(file, Buffer.from(table.buffer));
  }
  // Remove the component every token shares (the first step of model2vec's PCA); without it
  // all texts look alike (measured: NDCG@10 0.04).
  const mean = new Float32Array(dims);
  const n = table.length / dims;
  for (let i = 0; i < n; i++) for (let d = 0; d < dims; d++) mean[d] += table[i * dims + d] / n;
  for (let i = 0; i < n; i++) for (let d = 0; d < dims; d++) table[i * dims + d] -= mean[d];
  // SIF-style token weights, idf over the corpus texts: without them frequent tokens dominate
  // the mean (model2vec weighs by Zipf rank for the same reason).
  const df = new Float64Array(tokenizer.vocabSize);
  for (const t of corpus) for (const id of new Set(tokenizer.encode(t, 512))) df[id]++;
  const idf = Float32Array.from(df, (f) => Math.log((corpus.length + 1) / (f + 1)));
  return {
    id: 'static:minilm-distilled',
    dimensions: dims,
    async embed(texts) {
      return texts.map((t) => {
        const v = new Float32Array(dims);
        const ids = tokenizer.encode(t, 512).slice(1, -1);
        for (const id of ids) for (let d = 0; d < dims; d++) v[d] += idf[id] * table[id * dims + d];
        return normalize(v);
      });
    },
  };
}
