import type { ToolExecutionInput } from '../../contracts/index.ts';
import type { Database } from '../../db/client.ts';
import { recordToolRun } from '../../db/jobs/tool-runs.ts';
import type { EventPublisher, PublishInput } from '../../lib/event-publisher.ts';
import { stableUuid } from './stable-id.ts';

export interface RunEnding {
  status: 'completed' | 'failed' | 'timeout' | 'canceled';
  durationMs: number;
  result?: Record<string, unknown>;
  error?: { code: string; message: string; details: Record<string, unknown> };
}

/**
 * The history row and the tool events of one run (direct or job). Ids derive from the
 * execution id, so a retried activity neither counts nor announces the run twice.
 */
export async function recordRun(deps: { db: Database; events: EventPublisher }, input: ToolExecutionInput, end: RunEnding): Promise<void> {
  const history = recordToolRun(deps.db, {
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
      data: {
        ...base,
        tool: input.tool,
        server: input.server,
        execution_time_ms: end.durationMs,
        arguments: input.arguments,
        result: end.result ?? null,
        ...(end.error ? { error: end.error } : {}),
      },
    },
    {
      id: stableUuid(input.executionId, ok ? 'tool.execution.completed' : 'tool.execution.failed'),
      kind: ok ? 'tool.execution.completed' : 'tool.execution.failed',
      userId: input.userId,
      data: { ...base, tool_name: input.tool, result: end.result ?? null, ...(end.error ? { error: end.error } : {}) },
    },
  ];
  // Independent writes: the caller waits for both, not for one after the other.
  await Promise.all([history, deps.events.publishMany(events)]);
}
