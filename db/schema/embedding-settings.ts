import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * A user's embedding choice (spec "Embedding settings"). Absent row = the deployment default.
 * `status` follows the re-embed workflow that a provider change starts.
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
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type EmbeddingSettingsRow = typeof embeddingSettings.$inferSelect;
