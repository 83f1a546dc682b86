import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { EmbeddingProvider } from '../../search/embedding/types.ts';

/**
 * Wraps a provider with an on-disk cache of document vectors, keyed by provider id and text
 * hash, so repeated benchmark runs do not re-embed the corpus. Benchmarks only: the service
 * keeps its vectors in the index.
 */
export function withDiskCache(provider: EmbeddingProvider, file: string): EmbeddingProvider & { save(): void; cached(text: string): Float32Array | undefined } {
  const store = new Map<string, string>(existsSync(file) ? Object.entries(JSON.parse(readFileSync(file, 'utf8'))) : []);
  const key = (t: string) => createHash('sha1').update(`${provider.id}\n${t}`).digest('hex');
  let dirty = false;
  const decode = (b64: string) => {
    const b = Buffer.from(b64, 'base64');
    return new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
  };
  return {
    id: provider.id,
    dimensions: provider.dimensions,
    async embed(texts) {
      const missing = [...new Set(texts.filter((t) => !store.has(key(t))))];
      if (missing.length) {
        const vectors = await provider.embed(missing);
        missing.forEach((t, i) => store.set(key(t), Buffer.from(vectors[i].buffer, vectors[i].byteOffset, vectors[i].byteLength).toString('base64')));
        dirty = true;
      }
      return texts.map((t) => decode(store.get(key(t))!));
    },
    /** The cached vector of a text, without embedding anything. */
    cached(text) {
      const hit = store.get(key(text));
      return hit === undefined ? undefined : decode(hit);
    },
    embedQuery: provider.embedQuery?.bind(provider),
    close: provider.close?.bind(provider),
    save() {
      if (!dirty) return;
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(Object.fromEntries(store)));
      dirty = false;
    },
  };
}
