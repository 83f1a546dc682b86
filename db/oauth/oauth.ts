import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { oauthClients, oauthCodes, oauthConsents, oauthGrants, oauthRefreshTokens, users } from '../schema/index.ts';
import type { OAuthClientRow, OAuthGrantRow, User } from '../schema/index.ts';

export async function findClient(db: Database, clientId: string): Promise<OAuthClientRow | undefined> {
  const rows = await db.select().from(oauthClients).where(eq(oauthClients.clientId, clientId)).limit(1);
  return rows[0];
}

/** Insert, or refresh a metadata document's client with what its document says now. */
export async function saveClient(db: Database, row: { clientId: string; kind: OAuthClientRow['kind']; name: string | null; redirectUris: string[]; fetchedAt?: Date }) {
  await db
    .insert(oauthClients)
    .values(row)
    .onConflictDoUpdate({ target: oauthClients.clientId, set: { name: row.name, redirectUris: row.redirectUris, fetchedAt: row.fetchedAt ?? null } });
}

export async function hasConsent(db: Database, key: { userId: string; clientId: string; resource: string; scope: string }): Promise<boolean> {
  const rows = await db
    .select({ userId: oauthConsents.userId })
    .from(oauthConsents)
    .where(and(eq(oauthConsents.userId, key.userId), eq(oauthConsents.clientId, key.clientId), eq(oauthConsents.resource, key.resource), eq(oauthConsents.scope, key.scope)))
    .limit(1);
  return rows.length > 0;
}

/** A new grant, its code and the remembered consent, together. */
export async function approve(
  db: Database,
  grant: { userId: string; clientId: string; resource: string; scope: string; authAt: Date },
  code: { codeHash: string; redirectUri: string; codeChallenge: string; expiresAt: Date },
): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(oauthGrants).values(grant).returning({ id: oauthGrants.id });
    const grantId = (row as { id: string }).id;
    await tx.insert(oauthCodes).values({ ...code, grantId });
    await tx
      .insert(oauthConsents)
      .values({ userId: grant.userId, clientId: grant.clientId, resource: grant.resource, scope: grant.scope })
      .onConflictDoNothing();
    return grantId;
  });
}

/**
 * Marks a code used, once, and answers it with its grant; `reused` when it had been used
 * already (the caller revokes the grant: RFC 6749 section 4.1.2, OAuth 2.1 section 4.1.3).
 */
export async function consumeCode(db: Database, codeHash: string) {
  const rows = await db.select().from(oauthCodes).innerJoin(oauthGrants, eq(oauthCodes.grantId, oauthGrants.id)).where(eq(oauthCodes.codeHash, codeHash)).limit(1);
  const found = rows[0];
  if (!found) return undefined;
  const marked = await db
    .update(oauthCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(oauthCodes.codeHash, codeHash), isNull(oauthCodes.usedAt)))
    .returning({ codeHash: oauthCodes.codeHash });
  return { code: found.oauth_codes, grant: found.oauth_grants, reused: marked.length === 0 };
}

export async function revokeGrant(db: Database, grantId: string, reason: string): Promise<void> {
  await db
    .update(oauthGrants)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(oauthGrants.id, grantId), isNull(oauthGrants.revokedAt)));
}

export async function insertRefreshToken(db: Database, row: { tokenHash: string; grantId: string; expiresAt: Date }): Promise<void> {
  await db.insert(oauthRefreshTokens).values(row);
}

/**
 * Exchanges a refresh token, once (rotation). `replayed` when it had been exchanged already:
 * the caller revokes the family (OAuth 2.1 section 4.3.1, reuse detection).
 */
export async function consumeRefreshToken(db: Database, tokenHash: string) {
  const rows = await db
    .select()
    .from(oauthRefreshTokens)
    .innerJoin(oauthGrants, eq(oauthRefreshTokens.grantId, oauthGrants.id))
    .where(eq(oauthRefreshTokens.tokenHash, tokenHash))
    .limit(1);
  const found = rows[0];
  if (!found) return undefined;
  const marked = await db
    .update(oauthRefreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(oauthRefreshTokens.tokenHash, tokenHash), isNull(oauthRefreshTokens.usedAt)))
    .returning({ tokenHash: oauthRefreshTokens.tokenHash });
  return { token: found.oauth_refresh_tokens, grant: found.oauth_grants, replayed: marked.length === 0 };
}

/** The grant of a refresh token (revocation, RFC 7009), used or not. */
export async function grantOfRefreshToken(db: Database, tokenHash: string): Promise<OAuthGrantRow | undefined> {
  const rows = await db
    .select({ grant: oauthGrants })
    .from(oauthRefreshTokens)
    .innerJoin(oauthGrants, eq(oauthRefreshTokens.grantId, oauthGrants.id))
    .where(eq(oauthRefreshTokens.tokenHash, tokenHash))
    .limit(1);
  return rows[0]?.grant;
}

export async function findGrant(db: Database, grantId: string): Promise<OAuthGrantRow | undefined> {
  const rows = await db.select().from(oauthGrants).where(eq(oauthGrants.id, grantId)).limit(1);
  return rows[0];
}

/** An access token's grant with its user, in one query: every request with such a token reads both. */
export async function grantWithUser(db: Database, grantId: string): Promise<{ grant: OAuthGrantRow; user: User } | undefined> {
  const rows = await db
    .select({ grant: oauthGrants, user: users })
    .from(oauthGrants)
    .innerJoin(users, eq(oauthGrants.userId, users.id))
    .where(eq(oauthGrants.id, grantId))
    .limit(1);
  return rows[0];
}

export async function touchGrant(db: Database, grantId: string): Promise<void> {
  await db.update(oauthGrants).set({ lastUsedAt: new Date() }).where(eq(oauthGrants.id, grantId));
}

/** A user's grants with their client, newest first (the connected clients page). */
export async function grantsOf(db: Database, userId: string) {
  return db
    .select({ grant: oauthGrants, clientName: oauthClients.name })
    .from(oauthGrants)
    .innerJoin(oauthClients, eq(oauthGrants.clientId, oauthClients.clientId))
    .where(eq(oauthGrants.userId, userId))
    .orderBy(desc(oauthGrants.createdAt))
    .limit(200);
}

/** The user revokes a grant: it ends, and the consent it rests on is forgotten (the next request asks again). */
export async function revokeOwnGrant(db: Database, userId: string, grantId: string): Promise<OAuthGrantRow | undefined> {
  return db.transaction(async (tx) => {
    const [grant] = await tx
      .update(oauthGrants)
      .set({ revokedAt: new Date(), revokedReason: 'user' })
      .where(and(eq(oauthGrants.id, grantId), eq(oauthGrants.userId, userId), isNull(oauthGrants.revokedAt)))
      .returning();
    if (!grant) return undefined;
    await tx
      .delete(oauthConsents)
      .where(and(eq(oauthConsents.userId, userId), eq(oauthConsents.clientId, grant.clientId), eq(oauthConsents.resource, grant.resource)));
    return grant;
  });
}

/** "Log out everywhere": every grant of the user ends (their access tokens stop at the next request). */
export async function revokeGrantsOf(db: Database, userId: string): Promise<void> {
  await db
    .update(oauthGrants)
    .set({ revokedAt: new Date(), revokedReason: 'logout' })
    .where(and(eq(oauthGrants.userId, userId), isNull(oauthGrants.revokedAt)));
}
