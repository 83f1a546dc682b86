import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { mcpServers } from './registry.ts';
import { optionalSealedColumns, sealedColumns } from './sealed.ts';

/*
 * Switchboard as an OAuth client of remote MCP servers (issue 36, item 2). The tokens
 * themselves live in the credential store (server_credentials, name `oauth:tokens`, sealed);
 * these tables hold only what is not secret, or sealed values of their own.
 */

/**
 * Our registration at one authorization server (RFC 7591, or a Client ID Metadata Document),
 * kept per issuer and redirect URI so every user and server behind that AS shares one client.
 * We ask to be a public client (PKCE binds the code); an AS that makes us confidential anyway
 * (a secret, client_secret_basic or _post) is obeyed: the secret is sealed like a credential.
 */
export const oauthClientRegistrations = pgTable(
  'oauth_client_registrations',
  {
    issuer: text('issuer').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    clientId: text('client_id').notNull(),
    /** The client secret, sealed (platform/oauth-client/registration.ts secretSlot); null for a public client. */
    ...optionalSealedColumns('client_secret'),
    /** What the AS registered us with (RFC 7591 token_endpoint_auth_method); null: it did not say. */
    authMethod: text('auth_method'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.redirectUri] })],
);

/**
 * A user's connection to one server: where its tokens are refreshed, and whether they still
 * work. `needs_reconnect` after a refresh the AS refused (revoked grant). The row is what a
 * refresh locks (SELECT ... FOR UPDATE), so one refresh per user and server runs at a time
 * across every process.
 */
export const oauthConnections = pgTable(
  'oauth_connections',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serverName: text('server_name')
      .notNull()
      .references(() => mcpServers.name, { onDelete: 'cascade' }),
    status: text('status').$type<'connected' | 'needs_reconnect'>().notNull(),
    issuer: text('issuer').notNull(),
    tokenEndpoint: text('token_endpoint').notNull(),
    /** RFC 7009, when the AS has one: a disconnect revokes the grant there too. */
    revocationEndpoint: text('revocation_endpoint'),
    resource: text('resource').notNull(),
    clientId: text('client_id').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    scope: text('scope'),
    /** When the access token stops working, as the AS said (expires_in); null: it did not say. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.serverName] }), index('oauth_connections_server_idx').on(t.serverName)],
);

/**
 * An authorization under way: the `state` (its SHA-256 only), who started it, for which
 * server, and the PKCE verifier (sealed). Single use, short-lived (10 min).
 */
export const oauthPendingAuthorizations = pgTable(
  'oauth_pending_authorizations',
  {
    stateHash: text('state_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serverName: text('server_name')
      .notNull()
      .references(() => mcpServers.name, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    tokenEndpoint: text('token_endpoint').notNull(),
    /** RFC 7009, when the AS has one: a disconnect revokes the grant there too. */
    revocationEndpoint: text('revocation_endpoint'),
    resource: text('resource').notNull(),
    clientId: text('client_id').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    scope: text('scope'),
    /** The PKCE verifier, sealed. */
    ...sealedColumns('verifier'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('oauth_pending_user_idx').on(t.userId)],
);

export type OAuthConnectionRow = typeof oauthConnections.$inferSelect;
export type OAuthPendingRow = typeof oauthPendingAuthorizations.$inferSelect;

/**
 * Servers found to ask for OAuth (a 401 with `resource_metadata`, discovery succeeded): each
 * user must connect their own account before a call (availability `needs_credentials`), and
 * the operator's health check, which has no user's token, does not mark them down.
 */
export const oauthProtectedServers = pgTable('oauth_protected_servers', {
  serverName: text('server_name')
    .primaryKey()
    .references(() => mcpServers.name, { onDelete: 'cascade' }),
  resource: text('resource').notNull(),
  issuer: text('issuer').notNull(),
  discoveredAt: timestamp('discovered_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Client credentials an operator registered for us by hand at a remote server's AS (MCP
 * 2025-11-25, "Client registration": pre-registration), for an AS that offers neither dynamic
 * registration nor metadata documents. Per server entry; used before CIMD or DCR. The secret is
 * sealed (platform/oauth-client/registration.ts preregisteredSlot) and never answered.
 */
export const oauthClientPreregistrations = pgTable('oauth_client_preregistrations', {
  serverName: text('server_name')
    .primaryKey()
    .references(() => mcpServers.name, { onDelete: 'cascade' }),
  clientId: text('client_id').notNull(),
  ...optionalSealedColumns('client_secret'),
  /** client_secret_basic, client_secret_post or none; null: chosen from the AS's metadata. */
  authMethod: text('auth_method'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
