import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { callApprovals } from '../schema/index.ts';
import type { ApprovalStatus, CallApprovalRow } from '../schema/index.ts';

/** One call to approve: who asks, for what, why, and the run that waits on it. */
export interface CallToApprove {
  id: string;
  userId: string;
  server: string;
  tool: string;
  arguments: Record<string, unknown>;
  reason: string;
  runKind: 'job' | 'agent';
  runId: string;
}

/**
 * Writes a pending approval that expires `waitMs` from now, or returns the one of that id (the id
 * is derived from the run and its step, so a retried activity or a replayed start writes it once).
 */
export async function insertCallApproval(db: Database, call: CallToApprove, waitMs: number): Promise<CallApprovalRow> {
  const approval = {
    id: call.id,
    userId: call.userId,
    serverName: call.server,
    toolName: call.tool,
    arguments: call.arguments,
    reason: call.reason,
    runKind: call.runKind,
    runId: call.runId,
    expiresAt: new Date(Date.now() + waitMs),
  };
  const [inserted] = await db.insert(callApprovals).values(approval).onConflictDoNothing().returning();
  if (inserted) return inserted;
  const existing = await findCallApproval(db, approval.id);
  if (!existing) throw new Error(`call approval ${approval.id} neither written nor found`);
  return existing;
}

/** The wait of a stored approval (contracts' ApprovalWait): what is left of it (at least 1 ms: a decided one is then read back at once). */
export const approvalWaitOf = (row: Pick<CallApprovalRow, 'id' | 'expiresAt'>): { id: string; waitMs: number } => ({ id: row.id, waitMs: Math.max(1, row.expiresAt.getTime() - Date.now()) });

export async function findCallApproval(db: Database, id: string): Promise<CallApprovalRow | undefined> {
  const [row] = await db.select().from(callApprovals).where(eq(callApprovals.id, id));
  return row;
}

/** The user's approvals, newest first; `before` is the created_at of the last one seen. */
export async function listCallApprovals(db: Database, userId: string, query: { status?: ApprovalStatus; before?: Date; limit: number }): Promise<CallApprovalRow[]> {
  const where = [eq(callApprovals.userId, userId)];
  if (query.status) where.push(eq(callApprovals.status, query.status));
  if (query.before) where.push(lt(callApprovals.createdAt, query.before));
  return db
    .select()
    .from(callApprovals)
    .where(and(...where))
    .orderBy(desc(callApprovals.createdAt), desc(callApprovals.id))
    .limit(query.limit + 1);
}

/**
 * Moves a pending approval to its decision; undefined when it was not pending any more (decided
 * or expired meanwhile: the first decision stands). An approval past its deadline is expired,
 * not approved, even before its run noticed.
 */
export async function decideCallApproval(db: Database, id: string, status: Exclude<ApprovalStatus, 'pending'>, decidedBy: string): Promise<CallApprovalRow | undefined> {
  const stillOpen = status === 'expired' ? sql`true` : sql`${callApprovals.expiresAt} > now()`;
  const [row] = await db
    .update(callApprovals)
    .set({ status, decidedAt: sql`now()`, decidedBy })
    .where(and(eq(callApprovals.id, id), eq(callApprovals.status, 'pending'), stillOpen))
    .returning();
  return row;
}

/** The approval a run waits on now, if any (the index on pending run ids answers it). */
export async function findPendingApprovalOfRun(db: Database, runId: string): Promise<CallApprovalRow | undefined> {
  const [row] = await db
    .select()
    .from(callApprovals)
    .where(and(eq(callApprovals.runId, runId), eq(callApprovals.status, 'pending')))
    .limit(1);
  return row;
}
