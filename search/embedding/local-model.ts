import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as ort from 'onnxruntime-node';
import type { LocalModelSpec } from './model-spec.ts';
import { readModelSpec } from './model-spec.ts';
import type { EmbeddingProvider } from './types.ts';
import { normalize } from './types.ts';
import { EmbeddingWorkerPool } from './worker-pool.ts';
import { createWordPiece } from './wordpiece.ts';

/** Options of the in-process local model provider. */
export interface LocalModelOptions {
  /**
   * Folder written by scripts/fetch-model.mjs: model.onnx (fp32, documents), model.int8.onnx
   * (queries), tokenizer.json and manifest.json, whose fields say how the model is run
   * (search/embedding/model-spec.ts).
   */
  modelDir: string;
  /** Token limit per text; tool texts rarely need more than 128. */
  maxTokens?: number;
  /** ONNX intra-op threads per session. */
  threads?: number;
  /** Documents per ONNX run when indexing. */
  batchSize?: number;
  /**
   * Model used for single queries: `int8` (default) is the same network with weights quantized
   * and activations quantized at run time: about 2x faster per query for a small quality cost
   * (docs/retrieval.md). Documents always use fp32: int8 takes its activation scale over the
   * whole run, so a batched document's vector would depend on its neighbours.
   */
  queryModel?: 'int8' | 'fp32';
  /**
   * Worker threads that embed queries (search/embedding/worker-pool.ts); 0 runs them on the
   * calling thread. A server wants one per core: onnxruntime-node runs synchronously on the
   * caller, so in-thread queries block the event loop and use one core.
   */
  queryWorkers?: number;
  /** Overrides the folder's manifest (benchmarks: the same model with other prefixes). */
  spec?: Partial<LocalModelSpec>;
}

type Session = ort.InferenceSession;

/** Pools one sequence's token states (`hidden`, row-major [seq, dimensions] at `offset`) into a unit vector. */
export function poolTokens(hidden: Float32Array, offset: number, length: number, dimensions: number, pooling: LocalModelSpec['pooling']): Float32Array {
  const v = new Float32Array(dimensions);
  const rows = pooling === 'cls' ? 1 : length;
  for (let i = 0; i < rows; i++) {
    const off = offset + i * dimensions;
    for (let d = 0; d < dimensions; d++) v[d] += hidden[off + d];
  }
  return normalize(v);
}

/**
 * A BERT-family sentence embedder run in-process with onnxruntime-node: WordPiece → encoder →
 * pooling (mean over real tokens, or the [CLS] state) → L2 normalisation, each model's own
 * recipe as its manifest states it. Loads only local files; fails with a clear message when
 * the model folder is missing.
 */
export async function createLocalModel(options: LocalModelOptions): Promise<EmbeddingProvider> {
  const { modelDir, maxTokens = 128, threads = 1, batchSize = 32, queryModel = 'int8', queryWorkers = 0 } = options;
  let tokenizerJson: string;
  let spec: LocalModelSpec;
  try {
    tokenizerJson = await readFile(join(modelDir, 'tokenizer.json'), 'utf8');
    spec = { ...readModelSpec(modelDir), ...options.spec };
  } catch {
    throw new Error(`embedding model not found in ${modelDir}: run \`node scripts/fetch-model.mjs\` (npm ci runs it)`);
  }
  const tokenizer = createWordPiece(JSON.parse(tokenizerJson));
  const { dimensions, pooling, thirdInput } = spec;
  const encodeQuery = (text: string) => tokenizer.encode(spec.queryPrefix + text, maxTokens);
  const encodeDocument = (text: string) => tokenizer.encode(spec.documentPrefix + text, maxTokens);
  const open = (file: string, graphOptimizationLevel: 'basic' | 'extended' | 'all') => ort.InferenceSession.create(join(modelDir, file), {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    graphOptimizationLevel,
    // No busy-waiting between runs: on a small shared machine spinning threads steal the CPU
    // that the next request (or Elasticsearch) needs.
    extra: { session: { intra_op: { allow_spinning: '0' }, inter_op: { allow_spinning: '0' } } },
  });
  const queryFile = queryModel === 'int8' ? 'model.int8.onnx' : 'model.onnx';
  const run = { dimensions, pooling, thirdInput };
  // int8 queries at the model's cheaper optimisation level (model-spec.ts); fp32 runs at 'all'.
  const queryLevel = queryModel === 'int8' ? spec.queryOptimization : 'all';
  const pool = queryWorkers > 0 ? new EmbeddingWorkerPool(join(modelDir, queryFile), run, queryWorkers, { graphOptimizationLevel: queryLevel }) : undefined;
  await pool?.ready();
  // With workers, documents are embedded on a thread of their own too (a batch of 32 holds a
  // thread for hundreds of ms), started at the first indexing: most processes never index.
  const docSession = pool ? undefined : await open('model.onnx', 'all');
  const querySession = pool ? undefined : queryModel !== 'int8' ? docSession : await open(queryFile, queryLevel);
  let docPool: Promise<EmbeddingWorkerPool> | undefined;
  let closed = false;
  // Never after close: a pool started then would still be loading its session when the process
  // exits, and a thread ended while onnxruntime loads a session aborts the process (SIGABRT).
  const documentPool = () =>
    closed ? Promise.reject(new Error('the embedding model is closed')) : (docPool ??= (async () => {
      const created = new EmbeddingWorkerPool(join(modelDir, 'model.onnx'), run, 1, { graphOptimizationLevel: 'all', intraOpThreads: threads });
      await created.ready();
      return created;
    })());

  async function embedIds(session: Session, encoded: number[][]): Promise<Float32Array[]> {
    const seq = Math.max(...encoded.map((e) => e.length));
    const ids = new BigInt64Array(encoded.length * seq);
    const mask = new BigInt64Array(encoded.length * seq);
    encoded.forEach((e, b) => e.forEach((id, i) => {
      ids[b * seq + i] = BigInt(id);
      mask[b * seq + i] = 1n;
    }));
    const third = thirdInput === 'position_ids'
      ? new ort.Tensor('int64', BigInt64Array.from({ length: seq }, (_, i) => BigInt(i)), [1, seq])
      : new ort.Tensor('int64', new BigInt64Array(encoded.length * seq), [encoded.length, seq]);
    const out = await session.run({
      input_ids: new ort.Tensor('int64', ids, [encoded.length, seq]),
      attention_mask: new ort.Tensor('int64', mask, [encoded.length, seq]),
      [thirdInput]: third,
    });
    const hidden = out.last_hidden_state.data as Float32Array;
    return encoded.map((e, b) => poolTokens(hidden, b * seq * dimensions, e.length, dimensions, pooling));
  }

  return {
    id: `local:${spec.name}`,
    dimensions,
    async embed(texts) {
      // Similar lengths in one batch waste less padding.
      const order = texts.map((t, i) => ({ t, i })).sort((a, b) => a.t.length - b.t.length);
      const vectors = new Array<Float32Array>(texts.length);
      for (let s = 0; s < order.length; s += batchSize) {
        const chunk = order.slice(s, s + batchSize);
        const encoded = chunk.map((c) => encodeDocument(c.t));
        const embedded = docSession ? await embedIds(docSession, encoded) : await (await documentPool()).embedBatch(encoded);
        chunk.forEach((c, k) => { vectors[c.i] = embedded[k]; });
      }
      return vectors;
    },
    async embedQuery(text) {
      if (pool) return pool.embed(encodeQuery(text));
      const [v] = await embedIds(querySession as Session, [encodeQuery(text)]);
      return v;
    },
    async close() {
      closed = true;
      await pool?.close();
      await docPool?.then((p) => p.close(), () => {});
      await docSession?.release();
      if (querySession !== docSession) await querySession?.release();
    },
  };
}
