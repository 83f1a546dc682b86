import { ApplicationFailure, TimeoutFailure } from '@temporalio/common';
import { WorkflowFailedError } from '@temporalio/client';
import { EXECUTION_FAILURES, executionError } from '../../../contracts/index.ts';
import { AppError } from '../../errors.ts';
import { credentialsPagePath } from './credentials-required.ts';

/**
 * Decodes a failed execution workflow, once, into the AppError of its ExecutionError (contracts:
 * ApplicationFailure type = code, details = [details]). The codes are the domain's own
 * (INVALID_ARGUMENTS with `argument`, EXECUTION_TIMEOUT, TOOL_NOT_FOUND, EXECUTION_ERROR with
 * details.tool_error); a face that words them differently (v1: INVALID_REQUEST, TIMEOUT)
 * renders them itself. Anything else is the spec's SERVER_ERROR with a fixed message: what
 * went wrong is in the worker's log and kept on the error's cause for ours, never in the answer.
 */
export function runFailure(error: unknown, tool: string, timeoutMs: number): AppError {
  if (!(error instanceof WorkflowFailedError)) return internal(error);
  const cause = error.cause;
  const timeout = () => new AppError('EXECUTION_TIMEOUT', `Tool ${tool} did not finish within ${timeoutMs} ms`, { timeout_ms: timeoutMs });
  // The workflow's own execution timeout: the worker never got to it in time.
  if (cause instanceof TimeoutFailure) return timeout();
  if (!(cause instanceof ApplicationFailure)) return internal(error);
  const decoded = executionError.safeParse({ code: cause.type, message: cause.message, details: cause.details?.[0] ?? {} });
  if (!decoded.success) return internal(error);
  const { code, message, details } = decoded.data;
  switch (code) {
    case EXECUTION_FAILURES.invalidArguments:
      return new AppError('INVALID_ARGUMENTS', message, {}, { argument: details.argument ?? '' });
    case EXECUTION_FAILURES.timeout:
      return timeout();
    case EXECUTION_FAILURES.toolNotFound:
      return new AppError('TOOL_NOT_FOUND', message);
    case EXECUTION_FAILURES.credentialsRequired: {
      // The worker found the user's OAuth connection refused (issue 36): the same 409 as before a run, with the reconnect link.
      const server = typeof details.server === 'string' ? details.server : '';
      return new AppError('CREDENTIALS_REQUIRED', message, { server, missing: [], setup_url: credentialsPagePath(server), reconnect: true });
    }
    // The policy decided again once the instance started (activities/execution/policy-after-start.ts).
    case EXECUTION_FAILURES.approvalRequired:
      return new AppError('APPROVAL_REQUIRED', message, details);
    case EXECUTION_FAILURES.callDenied:
      return new AppError('CALL_DENIED', message, details);
    case EXECUTION_FAILURES.toolHeld:
      return new AppError('TOOL_HELD', message, details);
    case EXECUTION_FAILURES.toolError:
      return new AppError('EXECUTION_ERROR', message, { ...details, tool_error: details.tool_error ?? message });
    default:
      return internal(error);
  }
}

function internal(cause: unknown): AppError {
  const error = new AppError('SERVER_ERROR', 'The execution failed for an internal reason');
  // The error handler logs the error with its cause chain; the answer carries neither.
  (error as Error).cause = cause;
  return error;
}
