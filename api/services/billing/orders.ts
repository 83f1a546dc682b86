import { randomUUID } from 'node:crypto';
import type { Plan, User } from '../../../db/schema/index.ts';
import { BILLING_ORDER_WORKFLOW, workflowArgs } from '../../../contracts/index.ts';
import type { BillingOrderInput, BillingOrderOutput } from '../../../contracts/index.ts';
import type { AppDeps } from '../../context.ts';
import { AppError, invalidRequest } from '../../errors.ts';
import { amountOf, isUpgrade, planById } from './plans.ts';
import { billingFailure } from './workflow-failures.ts';

/** Billing needs all of URL, key id and key secret; without them it is unavailable, not broken. */
export function requirePaymentConfig(deps: AppDeps) {
  const { PAYMENT_PROVIDER_URL, PAYMENT_KEY_ID, PAYMENT_KEY_SECRET } = deps.config;
  if (!PAYMENT_PROVIDER_URL || !PAYMENT_KEY_ID || !PAYMENT_KEY_SECRET) {
    throw new AppError('SERVICE_UNAVAILABLE', 'Billing is not configured on this service');
  }
  return { keyId: PAYMENT_KEY_ID, keySecret: PAYMENT_KEY_SECRET };
}

/** POST /billing/create-order: an upgrade order at the provider, created by a short workflow. */
export async function createOrder(deps: AppDeps, user: User, planId: Plan) {
  const { keyId } = requirePaymentConfig(deps);
  if (planId === 'free') throw invalidRequest('The free plan needs no payment', 'plan_id', 'not_purchasable');
  if (!isUpgrade(user.plan, planId)) {
    throw invalidRequest(`You are on the ${user.plan} plan; ${planId} is not an upgrade`, 'plan_id', 'not_an_upgrade');
  }
  const plan = planById(planId);
  const workflowId = `billing-order-${user.id}-${randomUUID()}`;
  const input: BillingOrderInput = {
    userId: user.id,
    planId,
    amount: amountOf(plan),
    currency: deps.config.PAYMENT_CURRENCY,
    receipt: workflowId,
  };
  let order: BillingOrderOutput;
  try {
    order = await deps.temporal.client.workflow.execute(BILLING_ORDER_WORKFLOW, {
      taskQueue: deps.temporal.taskQueue,
      workflowId,
      args: workflowArgs(BILLING_ORDER_WORKFLOW, input),
      workflowExecutionTimeout: '60 seconds',
    });
  } catch (error) {
    throw billingFailure(error);
  }
  return { order_id: order.orderId, amount: order.amount, currency: order.currency, key_id: keyId, plan_id: planId };
}
