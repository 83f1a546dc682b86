import { createHash } from 'node:crypto';
import type { EmbeddingProvider } from './types.ts';

/**
 * Where document vectors outlive the process. The embedded index lives in memory and is
 * rebuilt at every start; without stored vectors that meant re-embedding the whole catalog
 * (8,000+ tools, minutes of CPU) on each boot. Keys are hashes of the embedded text, so a
 * changed description is embedded again and an unchanged one never is.
 */
export interface DocumentVectorStore {
  get(embedderId: string, keys: string[]): Promise<Map<string, Float32Array>>;
  put(embedderId: string, entries: { key: string; vector: Float32Array }[]): Promise<void>;
}

export const textKey = (text: string) => createHash('sha256').update(text).digest('base64url');

/** Embeds `texts`, taking what the store already has and storing what it had not. */
export async function embedWithStore(embedder: EmbeddingProvider, store: DocumentVectorStore, texts: string[]): Promise<Float32Array[]> {
  const keys = texts.map(textKey);
  const known = await store.get(embedder.id, [...new Set(keys)]);
  const missing = [...new Set(keys.filter((key) => !known.has(key)))];
  if (missing.length) {
    const textOf = new Map(keys.map((key, i) => [key, texts[i]]));
    const vectors = await embedder.embed(missing.map((key) => textOf.get(key)!));
    const entries = missing.map((key, i) => ({ key, vector: vectors[i] }));
    await store.put(embedder.id, entries);
    for (const { key, vector } of entries) known.set(key, vector);
  }
  return keys.map((key) => known.get(key)!);
}
