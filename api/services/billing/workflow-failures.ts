import { ApplicationFailure, WorkflowFailedError } from '@temporalio/client';
import { BILLING_FAILURES } from '../../../contracts/index.ts';
import { AppError } from '../../errors.ts';

/** The ApplicationFailure type at the root of a failed workflow, if any. */
function failureType(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof ApplicationFailure && e.type) return e.type;
  }
  return undefined;
}

/**
 * Maps a failed billing workflow to the caller's answer: a payment that does not pay the
 * order is the caller's fault (400); a provider that refuses us or stays down is ours (503).
 */
export function billingFailure(error: unknown): AppError {
  if (!(error instanceof WorkflowFailedError)) throw error;
  const type = failureType(error);
  if (type === BILLING_FAILURES.paymentMismatch) {
    return new AppError('INVALID_REQUEST', 'The payment does not pay this order', { parameter: 'provider_payment_id', reason: 'mismatch' });
  }
  if (type === BILLING_FAILURES.paymentFailed) {
    return new AppError('INVALID_REQUEST', 'The payment did not succeed', { parameter: 'provider_payment_id', reason: 'payment_failed' });
  }
  return new AppError('SERVICE_UNAVAILABLE', 'The payment provider is unavailable; try again shortly', { retryable: true });
}
