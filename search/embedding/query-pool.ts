import { Worker } from 'node:worker_threads';

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  pending: Map<number, { resolve: (v: Float32Array) => void; reject: (e: Error) => void }>;
  dead: boolean;
}

/**
 * Query embeddings on worker threads (search/embedding/query-worker.mjs), one ONNX session
 * each. onnxruntime-node's `run` is synchronous on the calling thread: on the main thread a
 * query embedding (~4–8 ms) blocked every other request and left the second core idle.
 * A query goes to the worker with the fewest queries in flight. Workers are unref'd while idle,
 * so a script that is done exits; they are ref'd while a query is in flight, so a script that
 * awaits one does not exit under it.
 */
export class QueryEmbeddingPool {
  private readonly slots: Slot[];
  private nextId = 0;
  private inFlight = 0;
  private closed = false;

  constructor(modelPath: string, dimensions: number, size: number) {
    this.slots = Array.from({ length: Math.max(1, size) }, () => this.spawn(modelPath, dimensions));
  }

  /** Resolves when every worker has loaded its session (load errors reject here). */
  async ready(): Promise<void> {
    await Promise.all(this.slots.map((s) => s.ready));
  }

  embed(ids: number[]): Promise<Float32Array> {
    if (this.closed) return Promise.reject(new Error('query embedding pool is closed'));
    let slot: Slot | undefined;
    for (const s of this.slots) if (!s.dead && (!slot || s.pending.size < slot.pending.size)) slot = s;
    if (!slot) return Promise.reject(new Error('every query embedding worker has exited'));
    const target = slot;
    const id = this.nextId++;
    if (this.inFlight++ === 0) for (const s of this.slots) s.worker.ref();
    return new Promise<Float32Array>((resolve, reject) => {
      target.pending.set(id, { resolve, reject });
      target.worker.postMessage({ id, ids: Int32Array.from(ids) });
    }).finally(() => {
      if (--this.inFlight === 0 && !this.closed) for (const s of this.slots) s.worker.unref();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }

  private spawn(modelPath: string, dimensions: number): Slot {
    const worker = new Worker(new URL('./query-worker.mjs', import.meta.url), { workerData: { modelPath, dimensions } });
    const slot: Slot = { worker, ready: Promise.resolve(), pending: new Map(), dead: false };
    const pending = slot.pending;
    let loaded = false;
    const failAll = (err: Error) => {
      for (const p of pending.values()) p.reject(err);
      pending.clear();
    };
    const ready = new Promise<void>((resolve, reject) => {
      worker.on('message', (msg: { ready?: true; id?: number; vector?: Float32Array; error?: string }) => {
        if (msg.ready) {
          loaded = true;
          return resolve();
        }
        const p = pending.get(msg.id!);
        if (!p) return;
        pending.delete(msg.id!);
        if (msg.vector) p.resolve(msg.vector);
        else p.reject(new Error(`query embedding failed: ${msg.error}`));
      });
      worker.on('error', (err) => {
        reject(err);
        failAll(err);
      });
      worker.on('exit', (code) => {
        slot.dead = true;
        reject(new Error(`query embedding worker exited with code ${code}`));
        failAll(new Error(`query embedding worker exited with code ${code}`));
        // A worker that had loaded and then died (a crash, not a bad model) is replaced, so
        // the service does not lose its query embedding for good.
        if (loaded && !this.closed) this.slots[this.slots.indexOf(slot)] = this.spawn(modelPath, dimensions);
      });
    });
    // Ref'd while the session loads, so an `await ready()` keeps the process alive.
    ready.then(() => this.inFlight === 0 && !this.closed && worker.unref(), () => {});
    slot.ready = ready;
    return slot;
  }
}
