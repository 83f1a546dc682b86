import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { SERVER_CATEGORIES } from '../../domain/server-categories.ts';

// Defined in domain/ because the catalog's schema checks the same list; re-exported with the table.
export { SERVER_CATEGORIES } from '../../domain/server-categories.ts';
export type { ServerCategory } from '../../domain/server-categories.ts';

/**
 * Every MCP server we know: the bundled catalog, upstream registry entries, admin-created
 * ones and users' custom servers (owner_user_id set). `launch` may hold secrets (headers,
 * env values): it is read by the worker only and never rendered by any route.
 */
export const mcpServers = pgTable(
  'mcp_servers',
  {
    name: text('name').primaryKey(),
    /** Stable handle for custom servers (spec "Custom server": id assigned by the service). */
    id: uuid('id').notNull().defaultRandom().unique(),
    displayName: text('display_name').notNull(),
    description: text('description').notNull().default(''),
    version: text('version').notNull().default('0.0.0'),
    /**
     * Changes (a fresh random value) whenever a tool_pins or tool_holds row of the server is written,
     * by triggers: the pin check's in-process cache is valid while this is what it saw (db/trust/pin-cache.ts).
     */
    pinsVersion: uuid('pins_version').notNull().defaultRandom(),
    url: text('url').notNull().default(''),
    icon: text('icon').notNull().default(''),
    category: text('category', { enum: SERVER_CATEGORIES }).notNull().default('custom'),
    tags: jsonb('tags').notNull().$type<string[]>().default([]),
    launch: jsonb('launch').$type<Record<string, unknown> | null>(),
    authentication: jsonb('authentication').$type<Record<string, unknown> | null>(),
    rateLimit: jsonb('rate_limit').$type<{ requests_per_hour: number } | null>(),
    supportedPlatforms: jsonb('supported_platforms').notNull().$type<string[]>().default([]),
    /** Custom servers' free-form config as the user gave it, secrets already removed. */
    config: jsonb('config').$type<Record<string, unknown> | null>(),
    /** tools_count an admin declared for an entry whose tools we have not listed (no rows). */
    declaredToolsCount: integer('declared_tools_count').notNull().default(0),
    /** catalog | upstream | admin | custom | reference */
    source: text('source').notNull().default('admin'),
    /** Whether tools came from a live tools/list or from published documentation. */
    toolsSource: text('tools_source').notNull().default('documentation'),
    /** An imported entry's server.json as its registry published it, served back by GET /v0.1/servers (issue 38, item 3). */
    serverJson: jsonb('server_json').$type<Record<string, unknown> | null>(),
    /** When the tool harvest last tried to list this server's tools from a sandboxed instance (issue 38, item 2). */
    harvestedAt: timestamp('harvested_at', { withTimezone: true }),
    /** The version the harvest last listed: a sync that brings another one makes the server a harvest target again (issue 38, item 1). */
    harvestedVersion: text('harvested_version'),
    /** An admin's pin of an imported entry to one upstream version; null follows the source's latest (issue 38, item 1). */
    pinnedVersion: text('pinned_version'),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['connected', 'disconnected', 'error', 'unknown'] }).notNull().default('unknown'),
    lastChecked: timestamp('last_checked', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mcp_servers_category_idx').on(t.category), index('mcp_servers_owner_idx').on(t.ownerUserId)],
);

/** Tools of every server, as tools/list (or documentation) gave them. */
export const tools = pgTable(
  'tools',
  {
    serverName: text('server_name')
      .notNull()
      .references(() => mcpServers.name, { onDelete: 'cascade', onUpdate: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    inputSchema: jsonb('input_schema').notNull().$type<Record<string, unknown>>(),
    outputSchema: jsonb('output_schema').$type<Record<string, unknown> | null>(),
    category: text('category'),
    tags: jsonb('tags').notNull().$type<string[]>().default([]),
    examples: jsonb('examples').notNull().$type<Record<string, unknown>[]>().default([]),
    /** Hash of the indexed text: a changed hash means the search index must be refreshed. */
    contentHash: text('content_hash').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.serverName, t.name] }), index('tools_name_idx').on(t.name)],
);

/** A user's enabled/installed state of a server (absent row = neither). */
export const userServers = pgTable(
  'user_servers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serverName: text('server_name')
      .notNull()
      .references(() => mcpServers.name, { onDelete: 'cascade', onUpdate: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    installed: boolean('installed').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.serverName] })],
);

export type McpServerRow = typeof mcpServers.$inferSelect;
export type ToolRow = typeof tools.$inferSelect;
