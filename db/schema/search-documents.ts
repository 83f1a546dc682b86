import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * Ledger of what the search index holds, one row per index document.
 * - source 'registry': a row of `tools`; only id/server/name/owner are kept, so a refresh
 *   can remove index entries of tools a server no longer lists.
 * - source 'api': a tool sent to POST /v2/index_tools; this row is its only home, so the
 *   content is kept here and `npm run index:rebuild` can restore it.
 * Large index calls stage rows as 'pending' with a batch id; the indexing workflow embeds
 * them and marks each 'indexed' or 'failed'.
 */
export const searchDocuments = pgTable(
  'search_documents',
  {
    id: text('id').primaryKey(),
    source: text('source', { enum: ['registry', 'api'] }).notNull(),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    server: text('server').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    inputSchema: jsonb('input_schema').$type<Record<string, unknown> | null>(),
    category: text('category'),
    tags: jsonb('tags').notNull().$type<string[]>().default([]),
    /** Capabilities derived at enrichment (search/capabilities.ts); metadata, not indexed text. */
    capabilities: jsonb('capabilities').notNull().$type<string[]>().default([]),
    contentHash: text('content_hash').notNull().default(''),
    status: text('status', { enum: ['pending', 'indexed', 'failed'] }).notNull().default('indexed'),
    batchId: uuid('batch_id'),
    error: text('error'),
    embeddedWith: text('embedded_with'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('search_documents_server_idx').on(t.source, t.server),
    index('search_documents_batch_idx').on(t.batchId, t.status),
    index('search_documents_owner_idx').on(t.ownerUserId),
  ],
);

export type SearchDocumentRow = typeof searchDocuments.$inferSelect;
