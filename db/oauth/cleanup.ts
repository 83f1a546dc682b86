import { and, eq, inArray, isNotNull, lt, notExists, or, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { oauthClients, oauthCodes, oauthGrants, oauthRefreshTokens } from '../schema/index.ts';

/**
 * Removes what the authorization server no longer needs (issue 36): codes past their expiry,
 * refresh tokens past theirs or of a revoked grant (a used one is kept until it expires: its
 * reuse is what detects a stolen token), and dynamically registered clients with no grant made
 * or used since `clientCutoff` (their grants go with them). Metadata-document clients are a cache
 * of a URL and stay. Answers how many rows of each went.
 */
export async function removeStaleOAuthState(db: Database, now: Date, clientCutoff: Date) {
  const codes = await db.delete(oauthCodes).where(lt(oauthCodes.expiresAt, now)).returning({ id: oauthCodes.codeHash });
  const revoked = db.select({ id: oauthGrants.id }).from(oauthGrants).where(isNotNull(oauthGrants.revokedAt));
  const refreshTokens = await db
    .delete(oauthRefreshTokens)
    .where(or(lt(oauthRefreshTokens.expiresAt, now), inArray(oauthRefreshTokens.grantId, revoked)))
    .returning({ id: oauthRefreshTokens.tokenHash });
  const recentGrant = db
    .select({ one: sql`1` })
    .from(oauthGrants)
    .where(and(eq(oauthGrants.clientId, oauthClients.clientId), sql`coalesce(${oauthGrants.lastUsedAt}, ${oauthGrants.createdAt}) >= ${clientCutoff.toISOString()}::timestamptz`));
  const clients = await db
    .delete(oauthClients)
    .where(and(eq(oauthClients.kind, 'registered'), lt(oauthClients.createdAt, clientCutoff), notExists(recentGrant)))
    .returning({ id: oauthClients.clientId });
  return { codes: codes.length, refreshTokens: refreshTokens.length, clients: clients.length };
}
