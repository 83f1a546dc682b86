import type { AgentStep, FinishAgentRunInput, RecordAgentStepsInput } from '../../contracts/index.ts';
import { findRun, finishRun, recordSteps } from '../../db/agent/runs.ts';
import { jobsAwaitingSlot } from '../../db/jobs/job-slots.ts';
import type { Database } from '../../db/client.ts';
import { stableUuid } from '../../domain/stable-id.ts';
import { validateArguments } from '../../domain/validate-arguments.ts';
import type { EventPublisher } from '../../platform/event-publisher.ts';
import { withoutQuery } from '../execution/safe-error.ts';
import { createCallModel } from './model.ts';
import type { LlmSettings } from './model.ts';

export { llmSettings } from './model.ts';
export type { LlmSettings } from './model.ts';

const rethrowSafe = (error: unknown) => {
  throw withoutQuery(error);
};

/** The model call, argument checks and the run's projection (workflows/agent-run.ts). */
export function createAgentActivities(deps: { db: Database; events: EventPublisher; jobConcurrency: Record<string, number>; llm?: LlmSettings }) {
  return {
    callModel: createCallModel(deps.llm),

    /** Checks the model's arguments against the tool's inputSchema, as the API does for a direct run. */
    async checkToolArguments(input: { schema: Record<string, unknown>; arguments: Record<string, unknown> }): Promise<{ argument: string; message: string } | null> {
      return validateArguments(input.schema, input.arguments) ?? null;
    },

    /** Stores transcript entries; idempotent by (run, seq), tokens counted once (db/agent/runs.ts). */
    async recordAgentSteps({ runId, steps }: RecordAgentStepsInput): Promise<void> {
      const records = steps.map((s: AgentStep) => ({
        seq: s.seq,
        body: s as unknown as Record<string, unknown>,
        inputTokens: s.kind === 'model' ? s.tokens.input : 0,
        outputTokens: s.kind === 'model' ? s.tokens.output : 0,
        modelTurn: s.kind === 'model',
      }));
      await recordSteps(deps.db, runId, records).catch(rethrowSafe);
    },

    /**
     * Writes the ending once and announces it (agent.run.completed / agent.run.failed, a
     * canceled run included) under an id derived from the run: a retry after the write, or
     * after the publish, stores and delivers the event once. Answers the user's jobs waiting
     * for the concurrency slot the run held, for the workflow to wake.
     */
    async finishAgentRun(input: FinishAgentRunInput): Promise<string[]> {
      const { runId, status, stopReason, answer, error } = input;
      const row = (await finishRun(deps.db, runId, { status, stopReason, answer, error }).catch(rethrowSafe)) ?? (await findRun(deps.db, runId).catch(rethrowSafe));
      const waiting = () => jobsAwaitingSlot(deps.db, input.userId, (plan) => deps.jobConcurrency[plan] ?? 1).catch(rethrowSafe);
      if (!row || row.status !== status) return waiting();
      const kind = status === 'completed' ? 'agent.run.completed' : 'agent.run.failed';
      await deps.events
        .publish({
          id: stableUuid(runId, kind),
          kind,
          userId: input.userId,
          data: {
            run_id: runId,
            status,
            stop_reason: stopReason,
            answer,
            steps: row.steps,
            tokens: { input: row.inputTokens, output: row.outputTokens },
            ...(error ? { error } : {}),
          },
        })
        .catch(rethrowSafe);
      return waiting();
    },
  };
}
