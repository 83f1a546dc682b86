// Worker thread that runs a model for search/embedding/worker-pool.ts (queries, and document
// batches when indexing).
// Plain JavaScript on purpose: a worker starts with Node's own loader, not tsx's or vitest's,
// so it cannot import TypeScript. It receives WordPiece ids (tokenized on the main thread,
// ~0.03 ms) and answers the pooled (mean or [CLS], as the model's manifest says), L2-normalised
// vectors.
// Why a thread: onnxruntime-node runs `session.run` synchronously on the calling thread, so a
// query embedded on the main thread blocks the event loop and leaves the second core idle, and
// a batch of 32 documents blocks it for hundreds of milliseconds.
import { parentPort, workerData } from 'node:worker_threads';
import * as ort from 'onnxruntime-node';

const { modelPath, dimensions, pooling = 'mean', thirdInput = 'position_ids', graphOptimizationLevel = 'basic', intraOpThreads = 1 } = workerData;
const session = await ort.InferenceSession.create(modelPath, {
  // Queries: one thread per run, measured 8.0 ms CPU per long query with 1 thread against 10.1
  // with 2 (same wall time); the pool runs queries side by side instead. Document batches,
  // background work, may take the provider's `threads`.
  intraOpNumThreads: intraOpThreads,
  interOpNumThreads: 1,
  executionMode: 'sequential',
  // Queries: the level the model's spec names (search/embedding/model-spec.ts: 'basic' for our
  // MiniLM graph, whose fused kernels cost 8–15% more CPU per int8 query; 'extended' for the
  // Hugging Face int8 exports). Document batches (fp32) ask for 'all'.
  graphOptimizationLevel,
  extra: { session: { intra_op: { allow_spinning: '0' }, inter_op: { allow_spinning: '0' } } },
});

/**
 * One run over a padded batch; each vector is the mean over its own tokens (or its [CLS]
 * state), L2-normalised: the same as poolTokens in local-model.ts, which a worker cannot import.
 */
function embed(seqs) {
  const batch = seqs.length;
  const seq = Math.max(...seqs.map((s) => s.length));
  const input = new BigInt64Array(batch * seq);
  const mask = new BigInt64Array(batch * seq);
  // Our MiniLM graph takes positions; Hugging Face exports take token types (0: one sentence).
  let third;
  if (thirdInput === 'position_ids') {
    const positions = new BigInt64Array(seq);
    for (let i = 0; i < seq; i++) positions[i] = BigInt(i);
    third = new ort.Tensor('int64', positions, [1, seq]);
  } else third = new ort.Tensor('int64', new BigInt64Array(batch * seq), [batch, seq]);
  seqs.forEach((ids, b) => {
    for (let i = 0; i < ids.length; i++) {
      input[b * seq + i] = BigInt(ids[i]);
      mask[b * seq + i] = 1n;
    }
  });
  return session
    .run({
      input_ids: new ort.Tensor('int64', input, [batch, seq]),
      attention_mask: new ort.Tensor('int64', mask, [batch, seq]),
      [thirdInput]: third,
    })
    .then((out) => {
      const hidden = out.last_hidden_state.data;
      return seqs.map((ids, b) => {
        const v = new Float32Array(dimensions);
        const rows = pooling === 'cls' ? 1 : ids.length;
        for (let i = 0; i < rows; i++) {
          const off = (b * seq + i) * dimensions;
          for (let d = 0; d < dimensions; d++) v[d] += hidden[off + d];
        }
        let sum = 0;
        for (let d = 0; d < dimensions; d++) sum += v[d] * v[d];
        const norm = Math.sqrt(sum);
        if (norm > 0) for (let d = 0; d < dimensions; d++) v[d] /= norm;
        return v;
      });
    });
}

// Runs whose answers have not been posted yet. A thread terminated while one is in flight
// aborts the whole process (onnxruntime's completion callback throws into a torn-down
// environment), so `close` lets them finish, releases the session, and lets the thread end.
const running = new Set();

parentPort.on('message', (message) => {
  if (message.close) {
    Promise.allSettled(running)
      .then(() => session.release())
      .finally(() => parentPort.close());
    return;
  }
  const { id, seqs } = message;
  const run = embed(seqs)
    .then(
      (vectors) => parentPort.postMessage({ id, vectors }, vectors.map((v) => v.buffer)),
      (err) => parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) }),
    )
    .finally(() => running.delete(run));
  running.add(run);
});
parentPort.postMessage({ ready: true });
