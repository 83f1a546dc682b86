import { ApplicationFailure, proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import { BILLING_FAILURES } from '../contracts/index.ts';
import type {
  BillingOrderInput,
  BillingOrderOutput,
  BillingVerificationInput,
  BillingVerificationOutput,
} from '../contracts/index.ts';

/**
 * Provider calls: the API waits for these, so a few quick retries cover a blip, and a
 * provider that stays down surfaces as 503 within seconds instead of hanging the request.
 */
const provider = proxyActivities<Activities>({
  startToCloseTimeout: '10 seconds',
  retry: { maximumAttempts: 3, initialInterval: '300 milliseconds', backoffCoefficient: 2 },
});

/** Database writes: retried until the database answers. */
const store = proxyActivities<Activities>({
  startToCloseTimeout: '10 seconds',
  retry: { initialInterval: '200 milliseconds', maximumInterval: '10 seconds', maximumAttempts: 10 },
});

/** POST /billing/create-order: the order at the provider, then our record of it. */
export async function billingOrderWorkflow(input: BillingOrderInput): Promise<BillingOrderOutput> {
  const order = await provider.createPaymentOrder(input);
  await store.recordPaymentOrder({ id: order.id, userId: input.userId, planId: input.planId, amount: order.amount, currency: order.currency });
  return { orderId: order.id, amount: order.amount, currency: order.currency };
}

/**
 * Billing verification (verify-payment and the payment webhook): read the payment back from
 * the provider, check it pays this order in full, then apply the plan exactly once.
 */
export async function billingVerificationWorkflow(input: BillingVerificationInput): Promise<BillingVerificationOutput> {
  const payment = await provider.fetchPayment(input.paymentId);
  if (payment.orderId !== input.orderId || payment.amount !== input.amount || payment.currency !== input.currency) {
    throw ApplicationFailure.nonRetryable(
      `payment ${payment.id} does not pay order ${input.orderId} (${payment.amount} ${payment.currency} for order ${payment.orderId})`,
      BILLING_FAILURES.paymentMismatch,
    );
  }
  const base = { orderId: input.orderId, paymentId: input.paymentId, planId: input.planId };
  if (payment.status === 'authorized') return { ...base, status: 'pending', applied: false };
  if (payment.status !== 'captured') {
    throw ApplicationFailure.nonRetryable(`payment ${payment.id} is ${payment.status}`, BILLING_FAILURES.paymentFailed);
  }
  const { applied } = await store.applyPaidPlan({ orderId: input.orderId, paymentId: input.paymentId });
  return { ...base, status: 'verified', applied };
}
