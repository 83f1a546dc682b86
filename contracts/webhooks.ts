import { z } from 'zod';

export const webhookDeliveryInput = z.object({
  /** The workflow id: one delivery per (subscription, event). */
  deliveryId: z.string(),
  webhookId: z.string(),
  eventId: z.string(),
  /** The exact bytes sent on every attempt, fixed before the first one (same id, same signature). */
  body: z.string(),
});
export type WebhookDeliveryInput = z.infer<typeof webhookDeliveryInput>;

/**
 * Delivery retry schedule (decisions.md): waits of 1, 2, 4, ... s capped at 10 min, 12 attempts
 * in all, so a receiver gets about 35 minutes to recover before the delivery is given up.
 */
export const WEBHOOK_RETRY = {
  initialIntervalMs: 1_000,
  backoffCoefficient: 2,
  maximumIntervalMs: 600_000,
  maximumAttempts: 12,
} as const;

/** A receiver must answer with a 2xx within this time (spec: "answers quickly"). */
export const WEBHOOK_TIMEOUT_MS = 10_000;
