import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as ort from 'onnxruntime-node';
import type { EmbeddingProvider } from './types.ts';
import { normalize } from './types.ts';
import { createWordPiece } from './wordpiece.ts';

/** Options of the in-process MiniLM provider. */
export interface LocalModelOptions {
  /** Folder written by scripts/fetch-model.mjs (model.onnx, tokenizer.json, manifest.json). */
  modelDir: string;
  /** Token limit per text; the model was trained with 256, tool texts rarely need more than 128. */
  maxTokens?: number;
  /** ONNX intra-op threads; 1 keeps a query from competing with other requests on small machines. */
  threads?: number;
  /** Texts per ONNX run when indexing. */
  batchSize?: number;
  /** `int8`: weights quantized per column, activations at run time (faster, see docs/retrieval.md). */
  variant?: 'fp32' | 'int8';
}

/**
 * sentence-transformers/all-MiniLM-L6-v2 run in-process with onnxruntime-node: WordPiece →
 * 6-layer BERT → mean pooling over real tokens → L2 normalisation (the model's own recipe).
 * Loads only local files; fails with a clear message when the model folder is missing.
 */
export async function createLocalMiniLm(options: LocalModelOptions): Promise<EmbeddingProvider> {
  const { modelDir, maxTokens = 128, threads = 1, batchSize = 32, variant = 'int8' } = options;
  let tokenizerJson: string;
  try {
    tokenizerJson = await readFile(join(modelDir, 'tokenizer.json'), 'utf8');
  } catch {
    throw new Error(`embedding model not found in ${modelDir}: run \`node scripts/fetch-model.mjs\` (npm ci runs it)`);
  }
  const tokenizer = createWordPiece(JSON.parse(tokenizerJson));
  const session = await ort.InferenceSession.create(join(modelDir, variant === 'int8' ? 'model.int8.onnx' : 'model.onnx'), {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    graphOptimizationLevel: 'all',
  });
  const dimensions = 384;

  async function embedBatch(texts: string[]): Promise<Float32Array[]> {
    const encoded = texts.map((t) => tokenizer.encode(t, maxTokens));
    const seq = Math.max(...encoded.map((e) => e.length));
    const ids = new BigInt64Array(texts.length * seq);
    const mask = new BigInt64Array(texts.length * seq);
    encoded.forEach((e, b) => e.forEach((id, i) => {
      ids[b * seq + i] = BigInt(id);
      mask[b * seq + i] = 1n;
    }));
    const positions = BigInt64Array.from({ length: seq }, (_, i) => BigInt(i));
    const out = await session.run({
      input_ids: new ort.Tensor('int64', ids, [texts.length, seq]),
      attention_mask: new ort.Tensor('int64', mask, [texts.length, seq]),
      position_ids: new ort.Tensor('int64', positions, [1, seq]),
    });
    const hidden = out.last_hidden_state.data as Float32Array;
    return encoded.map((e, b) => {
      const v = new Float32Array(dimensions);
      for (let i = 0; i < e.length; i++) {
        const off = (b * seq + i) * dimensions;
        for (let d = 0; d < dimensions; d++) v[d] += hidden[off + d];
      }
      return normalize(v);
    });
  }

  return {
    id: variant === 'int8' ? 'local:all-minilm-l6-v2-int8' : 'local:all-minilm-l6-v2',
    dimensions,
    async embed(texts) {
      const result: Float32Array[] = [];
      // Similar lengths in one batch waste less padding.
      const order = texts.map((t, i) => ({ t, i })).sort((a, b) => a.t.length - b.t.length);
      const vectors = new Array<Float32Array>(texts.length);
      for (let s = 0; s < order.length; s += batchSize) {
        const chunk = order.slice(s, s + batchSize);
        const embedded = await embedBatch(chunk.map((c) => c.t));
        chunk.forEach((c, k) => { vectors[c.i] = embedded[k]; });
      }
      result.push(...vectors);
      return result;
    },
    async close() {
      await session.release();
    },
  };
}
