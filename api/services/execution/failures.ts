import { ApplicationFailure, TimeoutFailure } from '@temporalio/common';
import { WorkflowFailedError } from '@temporalio/client';
import { EXECUTION_FAILURES } from '../../../contracts/index.ts';
import type { ExecutionFailureDetails } from '../../../contracts/index.ts';
import { AppError } from '../../errors.ts';

export type Variant = 'root' | 'v1';

/**
 * Turns a failed execution workflow into the spec's error for the route variant:
 * root says INVALID_ARGUMENTS (error.argument) and EXECUTION_TIMEOUT, v1 says
 * INVALID_REQUEST (details.parameter) and TIMEOUT; both say EXECUTION_ERROR with details.tool_error.
 */
export function executionError(error: unknown, variant: Variant, tool: string, timeoutMs: number): AppError {
  if (!(error instanceof WorkflowFailedError)) throw error;
  const cause = error.cause;
  const timeout = () =>
    new AppError(variant === 'root' ? 'EXECUTION_TIMEOUT' : 'TIMEOUT', `Tool ${tool} did not finish within ${timeoutMs} ms`, { timeout_ms: timeoutMs });
  // The workflow's own execution timeout: the worker never got to it in time.
  if (cause instanceof TimeoutFailure) return timeout();
  if (!(cause instanceof ApplicationFailure)) {
    return new AppError('EXECUTION_ERROR', `Execution of ${tool} ended: ${cause?.message ?? 'unknown'}`, { tool_error: cause?.message ?? null });
  }
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
      return new AppError('EXECUTION_ERROR', cause.message, { tool_error: details.tool_error ?? cause.message });
  }
}
