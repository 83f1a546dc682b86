import { index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { mcpServers } from './registry.ts';

/**
 * Curated capability packs (owner null, id a slug, written by the registry sync) and users'
 * custom packs (owner set, id a UUID). One table so that POST /packs/enable and the
 * user-servers sync treat both kinds alike.
 */
export const packs = pgTable(
  'packs',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // A user's pack names are unique (409 on duplicates); NULL owners never collide in Postgres.
  (t) => [unique('packs_owner_name_uq').on(t.ownerUserId, t.name), index('packs_owner_idx').on(t.ownerUserId)],
);

/** Servers of a pack, in the order they were given. */
export const packServers = pgTable(
  'pack_servers',
  {
    packId: text('pack_id')
      .notNull()
      .references(() => packs.id, { onDelete: 'cascade' }),
    serverName: text('server_name')
      .notNull()
      .references(() => mcpServers.name, { onDelete: 'cascade', onUpdate: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.packId, t.serverName] }), index('pack_servers_server_idx').on(t.serverName)],
);

/** Packs a user has enabled (absent row = not enabled). */
export const userPacks = pgTable(
  'user_packs',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    packId: text('pack_id')
      .notNull()
      .references(() => packs.id, { onDelete: 'cascade' }),
    enabledAt: timestamp('enabled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.packId] })],
);

export type PackRow = typeof packs.$inferSelect;
