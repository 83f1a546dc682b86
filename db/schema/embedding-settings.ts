import { bigint, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * A user's embedding choice (spec "Embedding settings"). Absent row = the deployment default.
 * `status` follows the re-embed workflow that a provider change starts. `provider`/`vendorModel`
 * are what the user asked for; `activeProvider`/`activeModel` the vector space retrieval uses
 * now (null = the default space): it moves to the new choice only once every vector of it is
 * stored, so a switch in progress, or one that failed, keeps the previous vectors in use.
 */
export const embeddingSettings = pgTable('embedding_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  vendorModel: text('vendor_model').notNull(),
  status: text('status', { enum: ['ready', 'reembedding', 'failed'] }).notNull().default('ready'),
  /** Workflow id of the last re-embed, so a caller can follow it. */
  workflowId: text('workflow_id'),
  reembeddedTools: integer('reembedded_tools').notNull().default(0),
  reembeddedAt: timestamp('reembedded_at', { withTimezone: true }),
  lastError: text('last_error'),
  activeProvider: text('active_provider'),
  activeModel: text('active_model'),
  /** Re-embed progress: texts of the user's tools done out of total (done counts reused vectors too). */
  progressDone: integer('progress_done').notNull().default(0),
  progressTotal: integer('progress_total').notNull().default(0),
  /** Attempt of the re-embed activity that wrote `lastError` (the workflow retries with backoff). */
  attempt: integer('attempt').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type EmbeddingSettingsRow = typeof embeddingSettings.$inferSelect;

/**
 * Texts and tokens a provider embedded for a user, per vector space and kind (the user's tool
 * texts, or queries): what a paid provider bills. Texts whose vectors were already stored are
 * not embedded again and not counted.
 */
export const embeddingUsage = pgTable(
  'embedding_usage',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `provider:model`, the vector space's id (e.g. `openai:text-embedding-3-small`). */
    space: text('space').notNull(),
    kind: text('kind', { enum: ['documents', 'queries'] }).notNull(),
    texts: bigint('texts', { mode: 'number' }).notNull().default(0),
    tokens: bigint('tokens', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.space, t.kind] })],
);

export type EmbeddingUsageRow = typeof embeddingUsage.$inferSelect;
