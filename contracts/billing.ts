import { z } from 'zod';

/** One verification per provider order: verify-payment and the webhook share (and dedupe on) this id. */
export const billingVerificationId = (orderId: string) => `billing-verify-${orderId}`;

/** Non-retryable failure types billing activities raise; the API maps them to status codes. */
export const BILLING_FAILURES = {
  /** The provider refused our request (bad credentials, bad order): our configuration is wrong. */
  providerRejected: 'PAYMENT_PROVIDER_REJECTED',
  /** The payment does not pay this order (other order, other amount, or it failed). */
  paymentMismatch: 'PAYMENT_MISMATCH',
  paymentFailed: 'PAYMENT_FAILED',
} as const;

export const paidPlan = z.enum(['pro', 'enterprise']);

export const billingOrderInput = z.object({
  userId: z.string(),
  planId: paidPlan,
  /** Smallest currency unit. */
  amount: z.number().int().positive(),
  currency: z.string(),
  /** Our reference, sent to the provider as the order receipt (the workflow id). */
  receipt: z.string(),
});
export type BillingOrderInput = z.infer<typeof billingOrderInput>;

export const billingOrderOutput = z.object({ orderId: z.string(), amount: z.number().int(), currency: z.string() });
export type BillingOrderOutput = z.infer<typeof billingOrderOutput>;

export const billingVerificationInput = z.object({
  orderId: z.string(),
  paymentId: z.string(),
  userId: z.string(),
  planId: paidPlan,
  amount: z.number().int(),
  currency: z.string(),
});
export type BillingVerificationInput = z.infer<typeof billingVerificationInput>;

export const billingVerificationOutput = z.object({
  /** verified: the plan is (now) applied; pending: the payment is authorized but not yet captured. */
  status: z.enum(['verified', 'pending']),
  orderId: z.string(),
  paymentId: z.string(),
  planId: paidPlan,
  /** False when an earlier run (or the webhook) had already applied this order. */
  applied: z.boolean(),
});
export type BillingVerificationOutput = z.infer<typeof billingVerificationOutput>;

/** What the provider tells us about a payment. */
export interface ProviderPayment {
  id: string;
  orderId: string;
  amount: number;
  currency: string;
  status: string;
}
