import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { elsewhereOf, executionError, jobStepOf, TOOL_EXECUTION_WORKFLOW, toolCallOutcomeOf, toolRunResult, WORKFLOW_NAMES, workflowArgs } from '../../contracts/index.ts';
import type { executionFailureDetails, toolExecutionInput, tokensUsed } from '../../contracts/index.ts';
import type { ExecutionError, ExecutionFailureDetails, TokensUsed, ToolExecutionInput, ToolRunResult } from '../../contracts/index.ts';
import * as workflows from '../../workflows/index.ts';

// Contracts are parsed where they guard a boundary (contracts/workflows.ts); the tool-run workflow
// checks its activities' results without zod (contracts/run.ts).
describe('workflow contracts', () => {
  it('names every workflow the worker registers, and nothing else', () => {
    expect([...WORKFLOW_NAMES].sort()).toEqual(Object.keys(workflows).sort());
  });

  it('refuses to start a run with an input its workflow cannot take', () => {
    const input = { executionId: 'e', mode: 'direct' as const, userId: null, server: 's', tool: 't', arguments: {}, timeLimitMs: 1_000 };
    expect(workflowArgs(TOOL_EXECUTION_WORKFLOW, input)).toEqual([input]);
    expect(() => workflowArgs(TOOL_EXECUTION_WORKFLOW, { ...input, timeLimitMs: -1 })).toThrow(/timeLimitMs/);
    expect(() => workflowArgs(TOOL_EXECUTION_WORKFLOW, { ...input, mode: 'later' as 'job' })).toThrow(/mode/);
  });

  it('reads an activity outcome only in the shape the workflow decides on', () => {
    const error = { code: 'EXECUTION_ERROR', message: 'm', details: { tool_error: 'x', result_bytes: 3 } };
    expect(toolCallOutcomeOf({ kind: 'failed', durationMs: 1, error })).toEqual({ kind: 'failed', durationMs: 1, error });
    expect(() => toolCallOutcomeOf({ kind: 'failed', durationMs: 1, error: { ...error, code: 'SOMETHING' } })).toThrow(/outcome\.error\.code/);
    expect(() => toolCallOutcomeOf({ kind: 'done' })).toThrow(/outcome\.kind/);
    expect(() => toolCallOutcomeOf({ kind: 'failed', durationMs: 1.5, error })).toThrow(/durationMs/);
    expect(() => toolCallOutcomeOf({ kind: 'failed', durationMs: 1, error: { ...error, details: { timeout_ms: 'soon' } } })).toThrow(/details\.timeout_ms/);
    expect(() => toolCallOutcomeOf(null)).toThrow(/outcome: expected an object/);
    // Unknown keys are dropped, as a zod object drops them, except in the open details.
    const run = { result: { content: [] }, executionTimeMs: 4, tokensUsed: { input: 1, output: 2 } };
    expect(toolCallOutcomeOf({ kind: 'completed', run: { ...run, extra: 1 }, extra: 2 })).toEqual({ kind: 'completed', run });
    expect(jobStepOf({ state: 'called', announced: true, outcome: { kind: 'rejected', error, extra: 1 } })).toEqual({ state: 'called', announced: true, outcome: { kind: 'rejected', error } });
    expect(jobStepOf({ state: 'gone', status: 'canceled' })).toEqual({ state: 'gone', status: 'canceled' });
    // Another worker holds the user's warm instance (scale-out): the step names its queue.
    expect(jobStepOf({ state: 'elsewhere', taskQueue: 'switchboard@host-1' })).toEqual({ state: 'elsewhere', taskQueue: 'switchboard@host-1' });
    expect(() => jobStepOf({ state: 'elsewhere' })).toThrow(/step\.taskQueue/);
    expect(elsewhereOf({ kind: 'elsewhere', taskQueue: 'switchboard@host-1' })).toBe('switchboard@host-1');
    expect(elsewhereOf({ kind: 'completed', run })).toBeNull();
    expect(() => elsewhereOf({ kind: 'elsewhere', taskQueue: 7 })).toThrow(/taskQueue/);
    // Recorded by runJob itself: the jobs to wake travel with the step.
    expect(jobStepOf({ state: 'called', announced: true, next: ['j2'], outcome: { kind: 'rejected', error } })).toEqual({ state: 'called', announced: true, next: ['j2'], outcome: { kind: 'rejected', error } });
    expect(() => jobStepOf({ state: 'called', announced: true, next: [3], outcome: { kind: 'rejected', error } })).toThrow(/step\.next/);
    expect(() => jobStepOf({ state: 'called', outcome: { kind: 'rejected', error } })).toThrow(/step\.announced/);
    expect(() => jobStepOf({ state: 'called', announced: false, outcome: { kind: 'completed', run: { ...run, tokensUsed: {} } } })).toThrow(/step\.outcome\.run\.tokensUsed\.input/);
  });

  it('checks outcomes in the workflow as the zod schemas of the boundaries parse them', () => {
    const run = { result: { a: 1 }, executionTimeMs: 3, tokensUsed: { input: 0, output: 0 } };
    const error = { code: 'EXECUTION_TIMEOUT', message: 'late', details: { timeout_ms: 10, other: true } };
    const outcomes: unknown[] = [
      { kind: 'completed', run },
      { kind: 'timeout', durationMs: 10, error },
      { kind: 'failed', durationMs: 2, error, result: { isError: true } },
      { kind: 'completed', run: { ...run, executionTimeMs: '3' } },
      { kind: 'completed', run: { ...run, result: [] } },
      { kind: 'rejected', error: { ...error, message: undefined } },
      { kind: 'rejected', error: { ...error, details: { argument: 5 } } },
    ];
    for (const outcome of outcomes) {
      const value = outcome as { kind: string; run?: unknown; error?: unknown };
      const zodAccepts = value.kind === 'completed' ? toolRunResult.safeParse(value.run).success : executionError.safeParse(value.error).success;
      const checked = (() => {
        try {
          return toolCallOutcomeOf(outcome);
        } catch {
          return undefined;
        }
      })();
      expect(checked !== undefined, JSON.stringify(outcome)).toBe(zodAccepts);
      if (checked?.kind === 'completed') expect(checked.run).toEqual(toolRunResult.parse(value.run));
      else if (checked) expect(checked.error).toEqual(executionError.parse(value.error));
    }
  });

  it('has zod schemas that parse to exactly the types of contracts/run.ts', () => {
    expectTypeOf<z.output<typeof toolExecutionInput>>().toEqualTypeOf<ToolExecutionInput>();
    expectTypeOf<z.output<typeof tokensUsed>>().toEqualTypeOf<TokensUsed>();
    expectTypeOf<z.output<typeof toolRunResult>>().toEqualTypeOf<ToolRunResult>();
    expectTypeOf<z.output<typeof executionFailureDetails>>().toEqualTypeOf<ExecutionFailureDetails>();
    expectTypeOf<z.output<typeof executionError>>().toEqualTypeOf<ExecutionError>();
  });
});
