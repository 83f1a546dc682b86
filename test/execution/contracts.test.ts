import { describe, expect, it } from 'vitest';
import { TOOL_EXECUTION_WORKFLOW, toolCallOutcome, WORKFLOW_NAMES, workflowArgs } from '../../contracts/index.ts';
import * as workflows from '../../workflows/index.ts';

// Contracts are parsed where they guard a boundary (contracts/workflows.ts, workflows/tool-execution.ts).
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
    expect(toolCallOutcome.parse({ kind: 'failed', durationMs: 1, error })).toEqual({ kind: 'failed', durationMs: 1, error });
    expect(() => toolCallOutcome.parse({ kind: 'failed', durationMs: 1, error: { ...error, code: 'SOMETHING' } })).toThrow();
    expect(() => toolCallOutcome.parse({ kind: 'done' })).toThrow();
  });
});
