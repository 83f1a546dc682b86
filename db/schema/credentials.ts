import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { mcpServers } from './registry.ts';
import { sealedColumns } from './sealed.ts';

/**
 * A user's credential values for a server (issue 35, item 4), one row per declared name, each
 * sealed with AES-256-GCM (platform/credentials/cipher.ts) and bound to its user, server and name.
 * No clear value is ever stored. Gone with the user and with the server. No ON UPDATE cascade:
 * the server key is part of each ciphertext's AAD, so a renamed server would silently hold
 * values nobody can open; the rename fails instead.
 */
export const serverCredentials = pgTable(
  'server_credentials',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serverName: text('server_name')
      .notNull()
      .references(() => mcpServers.name, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    ...sealedColumns('ciphertext'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The server's own index serves its cascade; key_id's serves a rotation's re-seal pass.
  (t) => [primaryKey({ columns: [t.userId, t.serverName, t.name] }), index('server_credentials_server_idx').on(t.serverName), index('server_credentials_key_idx').on(t.keyId)],
);

export type ServerCredentialRow = typeof serverCredentials.$inferSelect;
