import { and, eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { deviceCodes } from '../schema/index.ts';
import type { DeviceCodeRow } from '../schema/index.ts';

export async function insertDeviceCode(
  db: Database,
  row: { codeHash: string; userCode: string; clientName: string | null; requesterIp: string | null; keyRequested: boolean; intervalSeconds: number; expiresAt: Date },
): Promise<void> {
  await db.insert(deviceCodes).values(row);
}

export async function findByHash(db: Database, codeHash: string): Promise<DeviceCodeRow | undefined> {
  const rows = await db.select().from(deviceCodes).where(eq(deviceCodes.codeHash, codeHash)).limit(1);
  return rows[0];
}

export async function findByUserCode(db: Database, userCode: string): Promise<DeviceCodeRow | undefined> {
  const rows = await db.select().from(deviceCodes).where(eq(deviceCodes.userCode, userCode)).limit(1);
  return rows[0];
}

/**
 * pending → approved or denied by this user; undefined when it was no longer pending.
 * `approver`: the sign-in behind the approving credential (when, and with which API key).
 */
export async function decide(
  db: Database,
  codeHash: string,
  userId: string,
  decision: 'approved' | 'denied',
  approver: { authAt: Date; keyId: string | null },
): Promise<DeviceCodeRow | undefined> {
  const rows = await db
    .update(deviceCodes)
    .set({ status: decision, userId, approvedAt: new Date(), approverAuthAt: approver.authAt, approverKeyId: approver.keyId })
    .where(and(eq(deviceCodes.codeHash, codeHash), eq(deviceCodes.status, 'pending')))
    .returning();
  return rows[0];
}

/** approved → consumed, once: two concurrent polls cannot both receive a token. */
export async function consume(db: Database, codeHash: string): Promise<DeviceCodeRow | undefined> {
  const rows = await db
    .update(deviceCodes)
    .set({ status: 'consumed', consumedAt: new Date() })
    .where(and(eq(deviceCodes.codeHash, codeHash), eq(deviceCodes.status, 'approved')))
    .returning();
  return rows[0];
}

/** Approved but not yet collected logins of a user become denied: "log out everywhere" covers them too. */
export async function denyApprovedOf(db: Database, userId: string): Promise<void> {
  await db
    .update(deviceCodes)
    .set({ status: 'denied' })
    .where(and(eq(deviceCodes.userId, userId), eq(deviceCodes.status, 'approved')));
}
