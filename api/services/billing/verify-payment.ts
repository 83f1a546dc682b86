import { createHmac } from 'node:crypto';
import { WorkflowIdConflictPolicy, WorkflowIdReusePolicy } from '@temporalio/client';
import { findOrder } from '../../../db/billing/orders.ts';
import type { Plan, PaymentOrderRow, User } from '../../../db/schema/index.ts';
import { BILLING_VERIFICATION_WORKFLOW, billingVerificationId, workflowArgs } from '../../../contracts/index.ts';
import type { BillingVerificationInput, BillingVerificationOutput } from '../../../contracts/index.ts';
import { secretsEqual } from '../../../domain/api-key-format.ts';
import type { AppDeps } from '../../context.ts';
import { AppError, invalidRequest, notFound } from '../../errors.ts';
import { requirePaymentConfig } from './orders.ts';
import { planById } from './plans.ts';
import { billingFailure } from './workflow-failures.ts';

/** How long verify-payment waits for the workflow before answering 503 (the run itself continues). */
const VERIFY_WAIT_MS = 20_000;

/** The provider's checkout signature: hex HMAC-SHA256 of "order_id|payment_id" with the key secret. */
export const paymentSignature = (keySecret: string, orderId: string, paymentId: string) =>
  createHmac('sha256', keySecret).update(`${orderId}|${paymentId}`).digest('hex');

/**
 * Starts (or joins) the one verification workflow of an order. The id is per order: a
 * concurrent verify-payment and webhook share one run, and a later re-run is harmless
 * because applying a paid order twice is a no-op.
 */
export function startVerification(deps: AppDeps, order: PaymentOrderRow, paymentId: string) {
  const input: BillingVerificationInput = {
    orderId: order.id,
    paymentId,
    userId: order.userId,
    planId: order.planId === 'free' ? 'pro' : order.planId,
    amount: order.amount,
    currency: order.currency,
  };
  return deps.temporal.client.workflow.start(BILLING_VERIFICATION_WORKFLOW, {
    taskQueue: deps.temporal.taskQueue,
    workflowId: billingVerificationId(order.id),
    args: workflowArgs(BILLING_VERIFICATION_WORKFLOW, input),
    workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
    workflowIdReusePolicy: WorkflowIdReusePolicy.ALLOW_DUPLICATE,
    workflowExecutionTimeout: '5 minutes',
  });
}

/** POST /billing/verify-payment: signature in constant time, then the verification workflow. */
export async function verifyPayment(
  deps: AppDeps,
  user: User,
  body: { plan_id: Plan; provider_order_id: string; provider_payment_id: string; provider_signature: string },
) {
  const { keySecret } = requirePaymentConfig(deps);
  const order = await findOrder(deps.db, body.provider_order_id);
  // Another user's order is answered exactly like a missing one.
  if (!order || order.userId !== user.id) throw notFound('NOT_FOUND', `Order ${body.provider_order_id} not found`);
  if (order.planId !== body.plan_id) {
    throw invalidRequest(`Order ${order.id} is for the ${order.planId} plan, not ${body.plan_id}`, 'plan_id', 'mismatch');
  }
  const expected = paymentSignature(keySecret, order.id, body.provider_payment_id);
  if (!secretsEqual(expected, body.provider_signature.toLowerCase())) {
    throw invalidRequest('The payment signature does not match', 'provider_signature', 'mismatch');
  }
  let result: BillingVerificationOutput;
  let timer: NodeJS.Timeout | undefined;
  try {
    const handle = await startVerification(deps, order, body.provider_payment_id);
    // The run goes on without us; asking again joins it (one workflow id per order).
    const slow = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new AppError('SERVICE_UNAVAILABLE', 'Payment verification is taking longer than usual; retry shortly', { retryable: true })), VERIFY_WAIT_MS);
    });
    result = await Promise.race([handle.result(), slow]);
  } catch (error) {
    throw error instanceof AppError ? error : billingFailure(error);
  } finally {
    clearTimeout(timer);
  }
  return {
    status: result.status,
    /** The caller's plan now: the ordered one once verified, unchanged while pending. */
    plan: result.status === 'verified' ? result.planId : user.plan,
    plan_id: result.planId,
    order_id: result.orderId,
    payment_id: result.paymentId,
    limits: planById(result.planId).limits,
  };
}
