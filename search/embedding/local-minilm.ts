import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as ort from 'onnxruntime-node';
import type { EmbeddingProvider } from './types.ts';
import { normalize } from './types.ts';
import { EmbeddingWorkerPool } from './worker-pool.ts';
import { createWordPiece } from './wordpiece.ts';

/** Options of the in-process MiniLM provider. */
export interface LocalModelOptions {
  /** Folder written by scripts/fetch-model.mjs (model.onnx, model.int8.onnx, tokenizer.json). */
  modelDir: string;
  /** Token limit per text; the model was trained with 256, tool texts rarely need more than 128. */
  maxTokens?: number;
  /** ONNX intra-op threads per session. */
  threads?: number;
  /** Documents per ONNX run when indexing. */
  batchSize?: number;
  /**
   * Model used for single queries: `int8` (default) is the same network with weights quantized
   * per column and activations at run time: about 2x faster per query for −0.007 fused NDCG@10
   * on the dev split (docs/retrieval.md). Documents always use fp32: int8 takes its activation
   * scale over the whole run, so a batched document's vector would depend on its neighbours.
   */
  queryModel?: 'int8' | 'fp32';
  /**
   * Worker threads that embed queries (search/embedding/worker-pool.ts); 0 runs them on the
   * calling thread. A server wants one per core: onnxruntime-node runs synchronously on the
   * caller, so in-thread queries block the event loop and use one core.
   */
  queryWorkers?: number;
}

type Session = ort.InferenceSession;

/**
 * sentence-transformers/all-MiniLM-L6-v2 run in-process with onnxruntime-node: WordPiece →
 * 6-layer BERT → mean pooling over real tokens → L2 normalisation (the model's own recipe).
 * Loads only local files; fails with a clear message when the model folder is missing.
 */
export async function createLocalMiniLm(options: LocalModelOptions): Promise<EmbeddingProvider> {
  const { modelDir, maxTokens = 128, threads = 1, batchSize = 32, queryModel = 'int8', queryWorkers = 0 } = options;
  let tokenizerJson: string;
  try {
    tokenizerJson = await readFile(join(modelDir, 'tokenizer.json'), 'utf8');
  } catch {
    throw new Error(`embedding model not found in ${modelDir}: run \`node scripts/fetch-model.mjs\` (npm ci runs it)`);
  }
  const tokenizer = createWordPiece(JSON.parse(tokenizerJson));
  const open = (file: string, graphOptimizationLevel: 'basic' | 'all') => ort.InferenceSession.create(join(modelDir, file), {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    graphOptimizationLevel,
    // No busy-waiting between runs: on a small shared machine spinning threads steal the CPU
    // that the next request (or Elasticsearch) needs.
    extra: { session: { intra_op: { allow_spinning: '0' }, inter_op: { allow_spinning: '0' } } },
  });
  const dimensions = 384;
  const queryFile = queryModel === 'int8' ? 'model.int8.onnx' : 'model.onnx';
  const pool = queryWorkers > 0 ? new EmbeddingWorkerPool(join(modelDir, queryFile), dimensions, queryWorkers) : undefined;
  await pool?.ready();
  // With workers, documents are embedded on a thread of their own too (a batch of 32 holds a
  // thread for hundreds of ms), started at the first indexing: most processes never index.
  const docSession = pool ? undefined : await open('model.onnx', 'all');
  const querySession = pool ? undefined : queryModel !== 'int8' ? docSession : await open(queryFile, 'basic'); // as in embedding-worker.mjs (why there)
  let docPool: Promise<EmbeddingWorkerPool> | undefined;
  const documentPool = () =>
    (docPool ??= (async () => {
      const created = new EmbeddingWorkerPool(join(modelDir, 'model.onnx'), dimensions, 1, { graphOptimizationLevel: 'all', intraOpThreads: threads });
      await created.ready();
      return created;
    })());

  async function run(session: Session, texts: string[]): Promise<Float32Array[]> {
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
    id: 'local:all-minilm-l6-v2',
    dimensions,
    async embed(texts) {
      // Similar lengths in one batch waste less padding.
      const order = texts.map((t, i) => ({ t, i })).sort((a, b) => a.t.length - b.t.length);
      const vectors = new Array<Float32Array>(texts.length);
      for (let s = 0; s < order.length; s += batchSize) {
        const chunk = order.slice(s, s + batchSize);
        const texts = chunk.map((c) => c.t);
        const embedded = docSession ? await run(docSession, texts) : await (await documentPool()).embedBatch(texts.map((t) => tokenizer.encode(t, maxTokens)));
        chunk.forEach((c, k) => { vectors[c.i] = embedded[k]; });
      }
      return vectors;
    },
    async embedQuery(text) {
      if (pool) return pool.embed(tokenizer.encode(text, maxTokens));
      const [v] = await run(querySession as Session, [text]);
      return v;
    },
    async close() {
      await pool?.close();
      await docPool?.then((p) => p.close(), () => {});
      await docSession?.release();
      if (querySession !== docSession) await querySession?.release();
    },
  };
}
