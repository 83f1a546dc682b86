import { Context } from '@temporalio/activity';
import type { SQLWrapper } from 'drizzle-orm';
import type { RecordRunInput, ToolCallOutcome, ToolExecutionInput } from '../../contracts/index.ts';
import type { Database } from '../../db/client.ts';
import { storable } from '../../db/jobs/storable.ts';
import { toolRunInsert } from '../../db/jobs/tool-runs.ts';
import type { EventPublisher, PublishInput } from '../../platform/event-publisher.ts';
import { withoutQuery } from './safe-error.ts';
import { stableUuid } from '../../domain/stable-id.ts';

/** How a run that reached its tool ended, as history and events record it. */
export function runEnding(outcome: Exclude<ToolCallOutcome, { kind: 'rejected' }>) {
  if (outcome.kind === 'completed') return { status: 'completed' as const, durationMs: outcome.run.executionTimeMs, result: outcome.run.result };
  return { status: outcome.kind, durationMs: outcome.durationMs, result: outcome.result, error: outcome.error };
}

/**
 * The history row and the tool events of one run (direct or job) that reached its tool; a
 * run refused before the call leaves no history. Ids derive from the execution id, so a
 * retried activity neither counts nor announces the run twice. Results are stored in their
 * storable form (db/jobs/storable.ts): what a tool answered is never a reason to fail.
 * `also`: the caller's own events and writes, made in the same statement (a job's final state).
 */
export async function recordRun(
  deps: { db: Database; events: EventPublisher },
  input: ToolExecutionInput,
  outcome: ToolCallOutcome,
  also: { events: PublishInput[]; alongside: SQLWrapper[] } = { events: [], alongside: [] },
): Promise<void> {
  if (outcome.kind === 'rejected') {
    if (also.events.length || also.alongside.length) await publish(deps, also.events, also.alongside);
    return;
  }
  const end = runEnding(outcome);
  const history = toolRunInsert(deps.db, {
    executionId: input.executionId,
    userId: input.userId,
    server: input.server,
    tool: input.tool,
    mode: input.mode,
    status: end.status,
    durationMs: end.durationMs,
    errorCode: end.error?.code ?? null,
  });
  const ok = end.status === 'completed';
  const base = { execution_id: input.executionId, status: ok ? 'success' : end.status };
  const events: PublishInput[] = [
    {
      id: stableUuid(input.executionId, 'tool.executed'),
      kind: 'tool.executed',
      userId: input.userId,
      data: storable({
        ...base,
        tool: input.tool,
        server: input.server,
        execution_time_ms: end.durationMs,
        arguments: input.arguments,
        result: end.result ?? null,
        ...(end.error ? { error: end.error } : {}),
      }),
    },
    {
      id: stableUuid(input.executionId, ok ? 'tool.execution.completed' : 'tool.execution.failed'),
      kind: ok ? 'tool.execution.completed' : 'tool.execution.failed',
      userId: input.userId,
      data: storable({ ...base, tool_name: input.tool, result: end.result ?? null, ...(end.error ? { error: end.error } : {}) }),
    },
  ];
  // One statement: history, events and the subscriptions read (and the caller's own writes).
  await publish(deps, [...events, ...also.events], [history, ...also.alongside]);
}

async function publish(deps: { events: EventPublisher }, events: PublishInput[], alongside: SQLWrapper[]): Promise<void> {
  await deps.events.publishMany(events, { alongside }).catch((error: unknown) => {
    throw withoutQuery(error);
  });
}

/** The recording activity of a direct run (a job records through `recordJob`). */
export function createRecordRun(deps: { db: Database; events: EventPublisher }) {
  return async function recordDirectRun({ input, outcome }: RecordRunInput): Promise<void> {
    await recordRun(deps, input, outcome);
  };
}

/** Longest a call activity waits for its own recording before leaving it to the recording activity. */
const RECORD_INLINE_MS = 3_000;
const RECORD_HEARTBEAT_MS = 1_000;

/**
 * A recording made inside the activity that called the tool, after the call: its value, or
 * undefined when it failed or took longer than RECORD_INLINE_MS (logged), in which case the
 * workflow's own recording activity does it (the writes are idempotent, so a late one racing
 * it writes the same rows). Never throws: an activity that called a tool must not be retried
 * for a recording (docs/decisions.md, "At most one call per run"). Heartbeats while it writes,
 * so a live worker is not taken for lost.
 */
export async function recordInline<T>(write: () => Promise<T>): Promise<T | undefined> {
  const ctx = Context.current();
  const beat = ctx.info.isLocal ? undefined : setInterval(() => ctx.heartbeat(), RECORD_HEARTBEAT_MS);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), RECORD_INLINE_MS);
  });
  try {
    return await Promise.race([write(), late]);
  } catch (error) {
    ctx.log.warn('recording in the call activity failed: the recording activity does it', { err: withoutQuery(error).message });
    return undefined;
  } finally {
    clearInterval(beat);
    clearTimeout(timer);
  }
}
