import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Embeddings of tool texts, by embedder and text hash (search/embedding/vector-store.ts).
 * Derived data like the index itself: safe to truncate, it only costs re-embedding.
 */
export const documentVectors = pgTable(
  'document_vectors',
  {
    embedderId: text('embedder_id').notNull(),
    textKey: text('text_key').notNull(),
    /** Float32 little-endian bytes, base64: portable across both drivers without a bytea codec. */
    vector: text('vector').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.embedderId, t.textKey] })],
);
