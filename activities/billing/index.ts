import { ApplicationFailure } from '@temporalio/activity';
import { applyPaidOrder, recordOrder } from '../../db/billing/orders.ts';
import type { Database } from '../../db/client.ts';
import type { BillingOrderInput, ProviderPayment } from '../../contracts/index.ts';
import type { Logger } from '../../platform/logger.ts';
import { BILLING_FAILURES } from '../../contracts/index.ts';
import type { PaymentSettings } from './provider.ts';
import { createProviderOrder, fetchProviderPayment } from './provider.ts';

export type { PaymentSettings } from './provider.ts';
export { paymentSettings } from './provider.ts';

export interface BillingDeps {
  db: Database;
  logger: Logger;
  /** Absent when the service has no payment provider configured. */
  payment?: PaymentSettings;
}

/** Payment-provider calls and plan updates (workflows/billing.ts). */
export function createBillingActivities(deps: BillingDeps) {
  const settings = () => {
    if (!deps.payment) throw ApplicationFailure.nonRetryable('no payment provider is configured', BILLING_FAILURES.providerRejected);
    return deps.payment;
  };
  return {
    /** Creates the order at the provider. A retry may leave an unpaid duplicate there, which expires harmlessly. */
    async createPaymentOrder(input: BillingOrderInput): Promise<{ id: string; amount: number; currency: string }> {
      return createProviderOrder(settings(), {
        amount: input.amount,
        currency: input.currency,
        receipt: input.receipt,
        notes: { user_id: input.userId, plan_id: input.planId },
      });
    },
    /** Stores the provider's order for the user; idempotent on the order id. */
    async recordPaymentOrder(input: { id: string; userId: string; planId: BillingOrderInput['planId']; amount: number; currency: string }) {
      await recordOrder(deps.db, input);
    },
    /** Reads a payment back from the provider: the signature proves who sent it, this proves it was paid. */
    async fetchPayment(paymentId: string): Promise<ProviderPayment> {
      return fetchProviderPayment(settings(), paymentId);
    },
    /** Marks the order paid and applies its plan, once. */
    async applyPaidPlan(input: { orderId: string; paymentId: string }): Promise<{ applied: boolean }> {
      const applied = await applyPaidOrder(deps.db, input);
      deps.logger.info({ orderId: input.orderId, applied }, 'billing: paid order applied');
      return { applied };
    },
  };
}
