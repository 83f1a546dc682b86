import { ApplicationFailure, TimeoutFailure } from '@temporalio/common';
import { WorkflowFailedError } from '@temporalio/client';
import { EXECUTION_FAILURES } from '../../../contracts/index.ts';
import type { ExecutionFailureDetails } from '../../../contracts/index.ts';
import { AppError } from '../../errors.ts';

export type Variant = 'root' | 'v1';

/** Failure types the workflow raises with a message written for callers (workflows/tool-execution.ts). */
const CALLER_FACING = new Set<string>([EXECUTION_FAILURES.toolError]);

/**
 * Turns a failed execution workflow into the spec's error for the route variant:
 * root says INVALID_ARGUMENTS (error.argument) and EXECUTION_TIMEOUT, v1 says
 * INVALID_REQUEST (details.parameter) and TIMEOUT; both say EXECUTION_ERROR with details.tool_error.
 * Anything else is the spec's SERVER_ERROR with a fixed message: what went wrong is in the
 * worker's log and kept on the error's cause for ours, never in the answer.
 */
export function executionError(error: unknown, variant: Variant, tool: string, timeoutMs: number): AppError {
  if (!(error instanceof WorkflowFailedError)) return internal(error);
  const cause = error.cause;
  const timeout = () =>
    new AppError(variant === 'root' ? 'EXECUTION_TIMEOUT' : 'TIMEOUT', `Tool ${tool} did not finish within ${timeoutMs} ms`, { timeout_ms: timeoutMs });
  // The workflow's own execution timeout: the worker never got to it in time.
  if (cause instanceof TimeoutFailure) return timeout();
  if (!(cause instanceof ApplicationFailure)) return internal(error);
  const details = (cause.details?.[0] ?? {}) as ExecutionFailureDetails;
  switch (cause.type) {
    case EXECUTION_FAILURES.invalidArguments:
      return variant === 'root'
        ? new AppError('INVALID_ARGUMENTS', cause.message, {}, { argument: details.argument ?? '' })
        : new AppError('INVALID_REQUEST', cause.message, { parameter: `params.${details.argument ?? ''}`, reason: 'invalid', argument: details.argument ?? '' });
    case EXECUTION_FAILURES.timeout:
      return timeout();
    case EXECUTION_FAILURES.toolNotFound:
      return new AppError('TOOL_NOT_FOUND', cause.message);
    default:
      if (!CALLER_FACING.has(cause.type ?? '')) return internal(error);
      return new AppError('EXECUTION_ERROR', cause.message, { tool_error: details.tool_error ?? cause.message });
  }
}

function internal(cause: unknown): AppError {
  const error = new AppError('SERVER_ERROR', 'The execution failed for an internal reason');
  // The error handler logs the error with its cause chain; the answer carries neither.
  (error as Error).cause = cause;
  return error;
}
