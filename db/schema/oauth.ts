import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * Switchboard as an OAuth 2.1 authorization server for MCP clients (issue 36, item 1).
 * Every secret (authorization code, refresh token) is stored as a SHA-256 hash only: a reader
 * of the database cannot replay one. State lives here, not in a process, so any replica of the
 * scale-out shape can finish a flow another one started.
 */

/** Clients: registered (RFC 7591) or known by their metadata document's https URL (CIMD). */
export const oauthClients = pgTable('oauth_clients', {
  clientId: text('client_id').primaryKey(),
  kind: text('kind', { enum: ['registered', 'metadata_document'] }).notNull(),
  name: text('name'),
  redirectUris: jsonb('redirect_uris').$type<string[]>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** When a metadata document was last fetched: it is fetched again after a while, never trusted for ever. */
  fetchedAt: timestamp('fetched_at', { withTimezone: true }),
});

/**
 * A grant: one approval of one client by one user for one resource and scopes. Its codes,
 * refresh tokens and access tokens (`gid`) all hang on it, so revoking it ends all of them:
 * a reused code or a replayed refresh token revokes the whole family.
 */
export const oauthGrants = pgTable(
  'oauth_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id')
      .notNull()
      .references(() => oauthClients.clientId, { onDelete: 'cascade' }),
    resource: text('resource').notNull(),
    scope: text('scope').notNull(),
    /** The approver's sign-in (`auth_time` of the tokens). */
    authAt: timestamp('auth_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Why: `user`, `client` (RFC 7009), `code_reuse`, `refresh_reuse`. */
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('oauth_grants_user_idx').on(t.userId)],
);

/** Consent remembered per user, client, resource and scopes: the next request of the same shape skips the question. */
export const oauthConsents = pgTable(
  'oauth_consents',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id')
      .notNull()
      .references(() => oauthClients.clientId, { onDelete: 'cascade' }),
    resource: text('resource').notNull(),
    scope: text('scope').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.clientId, t.resource, t.scope] })],
);

export const oauthCodes = pgTable('oauth_codes', {
  codeHash: text('code_hash').primaryKey(),
  grantId: uuid('grant_id')
    .notNull()
    .references(() => oauthGrants.id, { onDelete: 'cascade' }),
  redirectUri: text('redirect_uri').notNull(),
  codeChallenge: text('code_challenge').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

export const oauthRefreshTokens = pgTable(
  'oauth_refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    grantId: uuid('grant_id')
      .notNull()
      .references(() => oauthGrants.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when it was exchanged (rotation): presenting it again is a replay. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('oauth_refresh_tokens_grant_idx').on(t.grantId)],
);

export type OAuthClientRow = typeof oauthClients.$inferSelect;
export type OAuthGrantRow = typeof oauthGrants.$inferSelect;
