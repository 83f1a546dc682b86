import { Worker } from 'node:worker_threads';
import type { LocalModelSpec } from './model-spec.ts';

/** What a worker needs to know about the graph it runs: its width, pooling and third input. */
export type ModelRun = Pick<LocalModelSpec, 'dimensions' | 'pooling' | 'thirdInput'>;

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  pending: Map<number, { resolve: (v: Float32Array[]) => void; reject: (e: Error) => void }>;
  dead: boolean;
}

/**
 * How long close waits for a worker to finish its runs and release its session before it
 * terminates the thread, which aborts the process if a run is still going: longer than any batch.
 */
const CLOSE_WAIT_MS = 30_000;

/**
 * Embeddings on worker threads (search/embedding/embedding-worker.mjs), one ONNX session each.
 * onnxruntime-node's `run` is synchronous on the calling thread: on the main thread a query
 * embedding (~4–8 ms) blocked every other request and left the second core idle, and a batch
 * of documents blocked it for hundreds of ms. A run goes to the worker with the fewest in
 * flight. Workers are unref'd while idle, so a script that is done exits; they are ref'd while
 * a run is in flight, so a script that awaits one does not exit under it.
 */
export class EmbeddingWorkerPool {
  private readonly slots: Slot[];
  private nextId = 0;
  private inFlight = 0;
  private closed = false;

  constructor(modelPath: string, model: ModelRun, size: number, session: { graphOptimizationLevel?: 'basic' | 'extended' | 'all'; intraOpThreads?: number } = {}) {
    this.slots = Array.from({ length: Math.max(1, size) }, () => this.spawn({ modelPath, ...model, ...session }));
  }

  /** Resolves when every worker has loaded its session (load errors reject here). */
  async ready(): Promise<void> {
    await Promise.all(this.slots.map((s) => s.ready));
  }

  async embed(ids: number[]): Promise<Float32Array> {
    return (await this.embedBatch([ids]))[0] as Float32Array;
  }

  /** One run over several token sequences (padded to the longest); a vector per sequence. */
  embedBatch(seqs: number[][]): Promise<Float32Array[]> {
    if (this.closed) return Promise.reject(new Error('embedding worker pool is closed'));
    let slot: Slot | undefined;
    for (const s of this.slots) if (!s.dead && (!slot || s.pending.size < slot.pending.size)) slot = s;
    if (!slot) return Promise.reject(new Error('every embedding worker has exited'));
    const target = slot;
    const id = this.nextId++;
    if (this.inFlight++ === 0) for (const s of this.slots) s.worker.ref();
    return new Promise<Float32Array[]>((resolve, reject) => {
      target.pending.set(id, { resolve, reject });
      target.worker.postMessage({ id, seqs: seqs.map((ids) => Int32Array.from(ids)) });
    }).finally(() => {
      if (--this.inFlight === 0 && !this.closed) for (const s of this.slots) s.worker.unref();
    });
  }

  /**
   * Each worker finishes its runs, releases its session and ends (embedding-worker.mjs); one
   * that has not within CLOSE_WAIT_MS is terminated. Terminating a thread while onnxruntime
   * loads a session or runs a batch aborts the whole process (SIGABRT at shutdown, seen).
   * A worker still loading handles the request once loaded: messages wait for its listener.
   */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(
      this.slots.map(async (slot) => {
        if (slot.dead) return;
        const exited = new Promise<void>((resolve) => slot.worker.once('exit', () => resolve()));
        slot.worker.postMessage({ close: true });
        const timer = setTimeout(() => void slot.worker.terminate(), CLOSE_WAIT_MS);
        await exited;
        clearTimeout(timer);
      }),
    );
  }

  private spawn(workerData: ModelRun & { modelPath: string; graphOptimizationLevel?: string; intraOpThreads?: number }): Slot {
    const worker = new Worker(new URL('./embedding-worker.mjs', import.meta.url), { workerData });
    const slot: Slot = { worker, ready: Promise.resolve(), pending: new Map(), dead: false };
    const pending = slot.pending;
    let loaded = false;
    const failAll = (err: Error) => {
      for (const p of pending.values()) p.reject(err);
      pending.clear();
    };
    const ready = new Promise<void>((resolve, reject) => {
      worker.on('message', (msg: { ready?: true; id?: number; vectors?: Float32Array[]; error?: string }) => {
        if (msg.ready) {
          loaded = true;
          return resolve();
        }
        const p = pending.get(msg.id!);
        if (!p) return;
        pending.delete(msg.id!);
        if (msg.vectors) p.resolve(msg.vectors);
        else p.reject(new Error(`embedding failed: ${msg.error}`));
      });
      worker.on('error', (err) => {
        reject(err);
        failAll(err);
      });
      worker.on('exit', (code) => {
        slot.dead = true;
        reject(new Error(`embedding worker exited with code ${code}`));
        failAll(new Error(`embedding worker exited with code ${code}`));
        // A worker that had loaded and then died (a crash, not a bad model) is replaced, so
        // the service does not lose its query embedding for good.
        if (loaded && !this.closed) this.slots[this.slots.indexOf(slot)] = this.spawn(workerData);
      });
    });
    // Ref'd while the session loads, so an `await ready()` keeps the process alive.
    ready.then(() => this.inFlight === 0 && !this.closed && worker.unref(), () => {});
    slot.ready = ready;
    return slot;
  }
}
