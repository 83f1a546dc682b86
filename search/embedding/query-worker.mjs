// Worker thread that runs the query model for search/embedding/query-pool.ts.
// Plain JavaScript on purpose: a worker starts with Node's own loader, not tsx's or vitest's,
// so it cannot import TypeScript. It receives WordPiece ids (tokenized on the main thread,
// ~0.03 ms) and answers the mean-pooled, L2-normalised vector.
// Why a thread: onnxruntime-node runs `session.run` synchronously on the calling thread, so a
// query embedded on the main thread blocks the event loop and leaves the second core idle.
import { parentPort, workerData } from 'node:worker_threads';
import * as ort from 'onnxruntime-node';

const { modelPath, dimensions } = workerData;
const session = await ort.InferenceSession.create(modelPath, {
  // One thread per run: measured 8.0 ms CPU per long query with 1 thread against 10.1 with 2
  // (same wall time); the pool runs queries side by side instead.
  intraOpNumThreads: 1,
  interOpNumThreads: 1,
  executionMode: 'sequential',
  // 'basic' (constant folding, redundant-node removal) and not 'all': the fused kernels 'all'
  // adds (SkipLayerNormalization, FusedMatMul, NCHWc) cost 8–15% more CPU for a single int8
  // query on this machine (3.5–3.9 against 4.1–4.5 ms at 32 tokens, docs/retrieval.md).
  graphOptimizationLevel: 'basic',
  extra: { session: { intra_op: { allow_spinning: '0' }, inter_op: { allow_spinning: '0' } } },
});

function embed(ids) {
  const seq = ids.length;
  const input = new BigInt64Array(seq);
  const mask = new BigInt64Array(seq).fill(1n);
  const positions = new BigInt64Array(seq);
  for (let i = 0; i < seq; i++) {
    input[i] = BigInt(ids[i]);
    positions[i] = BigInt(i);
  }
  return session
    .run({
      input_ids: new ort.Tensor('int64', input, [1, seq]),
      attention_mask: new ort.Tensor('int64', mask, [1, seq]),
      position_ids: new ort.Tensor('int64', positions, [1, seq]),
    })
    .then((out) => {
      const hidden = out.last_hidden_state.data;
      const v = new Float32Array(dimensions);
      for (let i = 0; i < seq; i++) {
        const off = i * dimensions;
        for (let d = 0; d < dimensions; d++) v[d] += hidden[off + d];
      }
      let sum = 0;
      for (let d = 0; d < dimensions; d++) sum += v[d] * v[d];
      const norm = Math.sqrt(sum);
      if (norm > 0) for (let d = 0; d < dimensions; d++) v[d] /= norm;
      return v;
    });
}

parentPort.on('message', ({ id, ids }) => {
  embed(ids).then(
    (v) => parentPort.postMessage({ id, vector: v }, [v.buffer]),
    (err) => parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) }),
  );
});
parentPort.postMessage({ ready: true });
