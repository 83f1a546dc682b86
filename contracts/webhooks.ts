import { z } from 'zod';

export const webhookDeliveryInput = z.object({
  /**
   * The delivery's key: its first workflow's id, one per (subscription, event). A redelivery
   * runs as a workflow of its own (`<key>-redelivery-<n>`) under the same key.
   */
  deliveryId: z.string(),
  webhookId: z.string(),
  eventId: z.string(),
  /** The exact bytes sent on every attempt, fixed before the first one (same id; each attempt signs them with the secret of its time). */
  body: z.string(),
  /**
   * The number this run's first attempt gets (absent: 1). Attempts are numbered across the
   * delivery's runs, so a redelivery's attempts follow the ones before it in the log.
   */
  firstAttempt: z.number().int().min(1).optional(),
});
export type WebhookDeliveryInput = z.infer<typeof webhookDeliveryInput>;

/**
 * One stored event to fan out to its owner's matching subscriptions (workflow id
 * `webhook-fanout-<event>`): the API starts one per event, never one per subscription, so a
 * request's work does not grow with the number of subscriptions (issue 33, item 7).
 */
export const webhookFanOutInput = z.object({ eventId: z.uuid() });
export type WebhookFanOutInput = z.infer<typeof webhookFanOutInput>;

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

/** The wait after the given failed attempt of a run (1-based), as the retry policy above has Temporal wait it. */
export function webhookRetryDelayMs(attempt: number): number {
  const { initialIntervalMs, backoffCoefficient, maximumIntervalMs } = WEBHOOK_RETRY;
  return Math.min(initialIntervalMs * backoffCoefficient ** (attempt - 1), maximumIntervalMs);
}

/** A receiver must answer with a 2xx within this time (spec: "answers quickly"). */
export const WEBHOOK_TIMEOUT_MS = 10_000;
