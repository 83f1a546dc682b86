import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { benchBackend, benchEmbedder } from '../../bench/lib/engines.ts';
import type { EmbeddingProvider } from '../../search/embedding/types.ts';
import { RetrievalEngine } from '../../search/engine.ts';
import type { ToolDocument } from '../../search/types.ts';

const root = join(import.meta.dirname, '..', '..');

/**
 * The real engine of a test file, for ranking tested as behaviour: the local model (its int8
 * query graph on one worker thread, as the service runs it) and the embedded backend, `docs`
 * indexed before the file's tests, both closed after them. `candidates` is the length of each
 * list before fusion. Returns a getter of the engine, for the tests' bodies.
 */
export function realEngine(docs: () => ToolDocument[], candidates: number): () => RetrievalEngine {
  let embedder: EmbeddingProvider | undefined;
  let engine: RetrievalEngine | undefined;
  beforeAll(async () => {
    embedder = await benchEmbedder(root, undefined, 'int8', 1);
    engine = new RetrievalEngine({ backend: benchBackend('embedded', embedder.dimensions), embedder, candidates });
    await engine.index(docs());
  }, 300_000);
  afterAll(async () => {
    await engine?.backend.close();
    await embedder?.close?.();
  });
  return () => engine!;
}
