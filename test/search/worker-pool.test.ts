import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalModel } from '../../search/embedding/local-model.ts';
import { DEFAULT_MODEL_DIR } from '../../search/embedding/model-files.ts';
import { readModelSpec } from '../../search/embedding/model-spec.ts';
import { EmbeddingWorkerPool } from '../../search/embedding/worker-pool.ts';
import type { EmbeddingProvider } from '../../search/embedding/types.ts';
import { dot } from '../../search/embedding/types.ts';

const modelDir = DEFAULT_MODEL_DIR;

describe('query embeddings on worker threads', () => {
  let inThread: EmbeddingProvider;
  let pooled: EmbeddingProvider;
  beforeAll(async () => {
    inThread = await createLocalModel({ modelDir });
    pooled = await createLocalModel({ modelDir, queryWorkers: 2 });
  });
  afterAll(async () => {
    await inThread?.close?.();
    await pooled?.close?.();
  });

  it('gives the vector the calling thread gives', async () => {
    const text = 'convert 100 dollars to euros';
    const v = await pooled.embedQuery!(text);
    expect(v).toHaveLength(384);
    expect(dot(v, v)).toBeCloseTo(1, 5);
    expect(dot(v, await inThread.embedQuery!(text))).toBeGreaterThan(0.9999);
  });

  it('answers concurrent queries each with its own vector', async () => {
    const texts = ['weather in Paris', 'send an email', 'stock price of Apple', 'translate to French', 'weather in Paris'];
    const vectors = await Promise.all(texts.map((t) => pooled.embedQuery!(t)));
    const alone = await Promise.all(texts.map((t) => inThread.embedQuery!(t)));
    vectors.forEach((v, i) => expect(dot(v, alone[i])).toBeGreaterThan(0.9999));
    expect(dot(vectors[0], vectors[4])).toBeCloseTo(1, 5);
    expect(dot(vectors[0], vectors[1])).toBeLessThan(0.9);
  });

  it('embeds documents on a worker thread with the vectors the calling thread gives', async () => {
    const texts = ['create a GitHub issue with a title and body', 'list files', 'query a Postgres database with SQL and return rows as JSON'];
    const pooledDocs = await pooled.embed(texts);
    const alone = await inThread.embed(texts);
    expect(pooledDocs).toHaveLength(3);
    pooledDocs.forEach((v, i) => expect(dot(v, alone[i] as Float32Array)).toBeGreaterThan(0.9999));
    expect(dot(pooledDocs[0] as Float32Array, pooledDocs[1] as Float32Array)).toBeLessThan(0.9);
  });

  it('keeps the calling thread free while a batch of documents embeds', async () => {
    const texts = Array.from({ length: 32 }, (_, i) => `tool ${i}: searches issues, pull requests and commits of repository number ${i} by label and author`);
    let turns = 0;
    let done = false;
    const spin = () => {
      turns++;
      if (!done) setImmediate(spin);
    };
    setImmediate(spin);
    await pooled.embed(texts);
    done = true;
    // In-thread, the ONNX run holds the event loop for the whole batch: a handful of turns.
    expect(turns).toBeGreaterThan(20);
  });

  it('replaces a worker that dies after loading', async () => {
    const pool = new EmbeddingWorkerPool(join(modelDir, 'model.int8.onnx'), readModelSpec(modelDir), 1);
    try {
      await pool.ready();
      const ids = [101, 7592, 2088, 102]; // [CLS] hello world [SEP]
      const before = await pool.embed(ids);
      // A native crash, as the pool sees it: its worker exits.
      const slots = (pool as unknown as { slots: { worker: { terminate(): Promise<number> } }[] }).slots;
      await slots[0].worker.terminate();
      await expect.poll(() => pool.embed(ids).then((v) => dot(v, before)), { timeout: 10_000 }).toBeGreaterThan(0.9999);
    } finally {
      await pool.close();
    }
  });

  it('closes while its workers run without aborting the process, and the runs finish', () => {
    // Terminating a thread mid-run aborts the process from onnxruntime's native code (SIGABRT at
    // shutdown, seen): so this runs in a process of its own and looks at how it ended.
    const child = spawnSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'fixtures', 'close-while-running.ts')], { encoding: 'utf8', timeout: 90_000 });
    expect(child.signal, child.stderr).toBeNull();
    expect(child.status, child.stderr).toBe(0);
    expect(JSON.parse(child.stdout.trim())).toEqual(['done', 'done', 'done', 'done']);
  }, 120_000);

  it('refuses queries once closed', async () => {
    const provider = await createLocalModel({ modelDir, queryWorkers: 1 });
    await provider.close!();
    await expect(provider.embedQuery!('anything')).rejects.toThrow(/closed/);
  });

  it('starts no document thread once closed (one still loading when the process exits aborts it)', async () => {
    const provider = await createLocalModel({ modelDir, queryWorkers: 1 });
    await provider.close!();
    await expect(provider.embed(['a tool that indexes after the stop'])).rejects.toThrow(/closed/);
  });
});
