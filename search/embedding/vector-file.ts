import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { DocumentVectorStore } from './vector-store.ts';

/**
 * A file of precomputed document vectors (`.cache/vectors/`), written once per model and
 * catalog version by scripts/catalog-vectors.ts and read at every start. Every fresh data
 * folder used to embed the whole bundled catalog again (~8,000 tools, ~35 s of both cores);
 * with the file a first boot takes those vectors as they are. Keys are the same text hashes
 * as the database store (search/embedding/vector-store.ts), so a tool whose text is not in
 * the file is simply embedded the normal way.
 *
 * Layout: the magic line, one JSON header line, then `count` records of 32 bytes of
 * SHA-256 (the text key, raw) and `dimensions` little-endian float32.
 */
const MAGIC = 'switchboard-vectors 1\n';

export interface VectorFileHeader {
  /** `EmbeddingProvider.id` of the model that produced the vectors. */
  embedderId: string;
  /** Fingerprint of the model files (`modelFingerprint`): a re-converted model invalidates the file. */
  model: string;
  dimensions: number;
  count: number;
  /** Fingerprint of the catalog the vectors were computed for (the writer's skip check). */
  catalog: string;
}

/** Hash of a model folder's manifest.json: changes with the package version and the converter format. */
export function modelFingerprint(manifest: string): string {
  return createHash('sha256').update(manifest).digest('hex').slice(0, 16);
}

export function writeVectorFile(path: string, header: Omit<VectorFileHeader, 'count'>, entries: { key: string; vector: Float32Array }[]): void {
  const full: VectorFileHeader = { ...header, count: entries.length };
  const head = Buffer.from(`${MAGIC}${JSON.stringify(full)}\n`, 'utf8');
  const record = 32 + header.dimensions * 4;
  const body = Buffer.alloc(entries.length * record);
  entries.forEach(({ key, vector }, i) => {
    if (vector.length !== header.dimensions) throw new Error(`vector for ${key} has ${vector.length} dimensions, expected ${header.dimensions}`);
    const raw = Buffer.from(key, 'base64url');
    if (raw.length !== 32) throw new Error(`text key ${key} is not a SHA-256`);
    raw.copy(body, i * record);
    Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength).copy(body, i * record + 32);
  });
  mkdirSync(dirname(path), { recursive: true });
  // Written aside and renamed: a reader never sees half a file.
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, Buffer.concat([head, body]));
  renameSync(tmp, path);
}

/** The header alone, or undefined when the file is missing or not one of ours. */
export function readVectorFileHeader(path: string): VectorFileHeader | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch {
    return undefined;
  }
  return parse(bytes)?.header;
}

function parse(bytes: Buffer): { header: VectorFileHeader; offset: number } | undefined {
  if (bytes.subarray(0, MAGIC.length).toString('utf8') !== MAGIC) return undefined;
  const end = bytes.indexOf(0x0a, MAGIC.length);
  if (end < 0) return undefined;
  try {
    const header = JSON.parse(bytes.subarray(MAGIC.length, end).toString('utf8')) as VectorFileHeader;
    const offset = end + 1;
    if (bytes.length !== offset + header.count * (32 + header.dimensions * 4)) return undefined;
    return { header, offset };
  } catch {
    return undefined;
  }
}

/**
 * Vectors of the file keyed by text key, or undefined when the file is missing, damaged, or
 * from another model (then nothing is taken from it and tools are embedded as usual).
 */
export function readVectorFile(path: string, expect: { embedderId: string; model: string; dimensions: number }): Map<string, Float32Array> | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch {
    return undefined;
  }
  const parsed = parse(bytes);
  if (!parsed) return undefined;
  const { header, offset } = parsed;
  if (header.embedderId !== expect.embedderId || header.model !== expect.model || header.dimensions !== expect.dimensions) return undefined;
  const record = 32 + header.dimensions * 4;
  const out = new Map<string, Float32Array>();
  for (let i = 0; i < header.count; i++) {
    const at = offset + i * record;
    const key = bytes.subarray(at, at + 32).toString('base64url');
    // A copy per vector: aligned for Float32Array, and independent of the file buffer.
    const vector = new Float32Array(header.dimensions);
    Buffer.from(vector.buffer).set(bytes.subarray(at + 32, at + record));
    out.set(key, vector);
  }
  return out;
}

/**
 * The database store with the file's vectors in front: reads take the file's vectors first
 * (for its model only) and ask the database for the rest; writes go to the database.
 */
export function withVectorFile(store: DocumentVectorStore, file: { embedderId: string; vectors: Map<string, Float32Array> }): DocumentVectorStore {
  return {
    async get(embedderId, keys) {
      if (embedderId !== file.embedderId) return store.get(embedderId, keys);
      const found = new Map<string, Float32Array>();
      const rest: string[] = [];
      for (const key of keys) {
        const vector = file.vectors.get(key);
        if (vector) found.set(key, vector);
        else rest.push(key);
      }
      if (rest.length) for (const [key, vector] of await store.get(embedderId, rest)) found.set(key, vector);
      return found;
    },
    put: (embedderId, entries) => store.put(embedderId, entries),
  };
}
