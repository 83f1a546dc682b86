import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { documentVectors } from '../schema/index.ts';

/** Keeps each statement's parameter list well under Postgres' 65,535. */
const CHUNK = 1000;

const encode = (vector: Float32Array) => Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength).toString('base64');
const decode = (stored: string) => {
  const bytes = Buffer.from(stored, 'base64');
  return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
};

/**
 * The database side of search/'s DocumentVectorStore (same shape; db/ does not import search/):
 * vectors by model and text key, so a text is embedded once across rebuilds and restarts.
 */
export function createDocumentVectorStore(db: Database) {
  return {
    async get(embedderId: string, keys: string[]): Promise<Map<string, Float32Array>> {
      const found = new Map<string, Float32Array>();
      for (let i = 0; i < keys.length; i += CHUNK) {
        const rows = await db
          .select({ key: documentVectors.textKey, vector: documentVectors.vector })
          .from(documentVectors)
          .where(and(eq(documentVectors.embedderId, embedderId), inArray(documentVectors.textKey, keys.slice(i, i + CHUNK))));
        for (const row of rows) found.set(row.key, decode(row.vector));
      }
      return found;
    },
    async put(embedderId: string, entries: { key: string; vector: Float32Array }[]): Promise<void> {
      for (let i = 0; i < entries.length; i += CHUNK / 2) {
        const values = entries.slice(i, i + CHUNK / 2).map((e) => ({ embedderId, textKey: e.key, vector: encode(e.vector) }));
        await db.insert(documentVectors).values(values).onConflictDoNothing();
      }
    },
  };
}
