import { and, asc, eq, gt, gte, sql, sum } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { rawRows } from '../jobs/raw-rows.ts';
import { storable } from '../jobs/storable.ts';
import { agentRuns, agentRunSteps } from '../schema/index.ts';
import type { AgentRunRow } from '../schema/index.ts';

export type NewAgentRun = typeof agentRuns.$inferInsert;

/**
 * Inserts a run when the user has a free concurrency slot: running agent runs and running jobs
 * share the plan's slots. Serialised per user by the advisory lock job claims take
 * (hashtext(user id)), so two starts cannot both take the last slot. Returns undefined when full.
 */
export async function insertRunInSlot(db: Database, run: NewAgentRun, limit: number): Promise<AgentRunRow | undefined> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${run.userId}::text))`);
    const [counts] = await rawRows<{ running: number }>(tx as Database, sql`
      select (select count(*)::int from jobs where user_id = ${run.userId} and status = 'running')
           + (select count(*)::int from agent_runs where user_id = ${run.userId} and status = 'running') as running
    `);
    if ((counts?.running ?? 0) >= limit) return undefined;
    const [row] = await tx.insert(agentRuns).values(run).returning();
    return row;
  });
}

/** The caller's run; another user's run is "not found" so ids cannot be probed. */
export async function findOwnRun(db: Database, userId: string, id: string): Promise<AgentRunRow | undefined> {
  const [row] = await db.select().from(agentRuns).where(and(eq(agentRuns.id, id), eq(agentRuns.userId, userId)));
  return row;
}

export async function findRun(db: Database, id: string): Promise<AgentRunRow | undefined> {
  const [row] = await db.select().from(agentRuns).where(eq(agentRuns.id, id));
  return row;
}

/** Transcript entries after `afterSeq`, in order. */
export async function listSteps(db: Database, runId: string, afterSeq = -1): Promise<Record<string, unknown>[]> {
  const rows = await db
    .select({ body: agentRunSteps.body })
    .from(agentRunSteps)
    .where(and(eq(agentRunSteps.runId, runId), gt(agentRunSteps.seq, afterSeq)))
    .orderBy(asc(agentRunSteps.seq));
  return rows.map((r) => r.body);
}

interface StepRecord {
  seq: number;
  body: Record<string, unknown>;
  /** Model tokens of this entry (0 for a tool call). */
  inputTokens: number;
  outputTokens: number;
  /** A model turn counts as a step of the run. */
  modelTurn: boolean;
}

/**
 * Stores transcript entries keyed by (run, seq) and adds what only the newly stored ones
 * cost to the run: a retried activity neither duplicates an entry nor counts its tokens twice.
 * One transaction, one version bump (one stream event) per batch.
 */
export async function recordSteps(db: Database, runId: string, steps: StepRecord[]): Promise<void> {
  if (!steps.length) return;
  await db.transaction(async (tx) => {
    const stored = await tx
      .insert(agentRunSteps)
      .values(steps.map((s) => ({ runId, seq: s.seq, body: storable(s.body) })))
      .onConflictDoNothing()
      .returning({ seq: agentRunSteps.seq });
    const fresh = steps.filter((s) => stored.some((r) => r.seq === s.seq));
    if (!fresh.length) return;
    const add = (f: (s: StepRecord) => number) => fresh.reduce((n, s) => n + f(s), 0);
    await tx
      .update(agentRuns)
      .set({
        steps: sql`${agentRuns.steps} + ${add((s) => (s.modelTurn ? 1 : 0))}`,
        inputTokens: sql`${agentRuns.inputTokens} + ${add((s) => s.inputTokens)}`,
        outputTokens: sql`${agentRuns.outputTokens} + ${add((s) => s.outputTokens)}`,
        updatedAt: new Date(),
        version: sql`${agentRuns.version} + 1`,
      })
      .where(eq(agentRuns.id, runId));
  });
}

/** Writes the run's ending once: a run already ended (a retried activity, a cancel after the end) is left as it is. */
export async function finishRun(
  db: Database,
  runId: string,
  ending: { status: 'completed' | 'failed' | 'canceled'; stopReason: NonNullable<AgentRunRow['stopReason']>; answer: string | null; error: { code: string; message: string } | null },
): Promise<AgentRunRow | undefined> {
  const [row] = await db
    .update(agentRuns)
    .set({ ...ending, finishedAt: new Date(), updatedAt: new Date(), version: sql`${agentRuns.version} + 1` })
    .where(and(eq(agentRuns.id, runId), eq(agentRuns.status, 'running')))
    .returning();
  return row;
}

/** Model tokens the user's runs used since `since` (GET /billing/user-limits). */
export async function userAgentTokens(db: Database, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ input: sum(agentRuns.inputTokens), output: sum(agentRuns.outputTokens) })
    .from(agentRuns)
    .where(and(eq(agentRuns.userId, userId), gte(agentRuns.createdAt, since)));
  return Number(row?.input ?? 0) + Number(row?.output ?? 0);
}
