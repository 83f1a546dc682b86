import { z } from 'zod';
import type { Plan } from '../db/schema/index.ts';
import type { RateScope } from './route-config.ts';

export type Window = 'minute' | 'day';
export type ScopeLimits = Partial<Record<Window, number>>;
export type PlanLimits = Record<Plan, Record<RateScope, ScopeLimits>>;

export const WINDOW_SECONDS: Record<Window, number> = { minute: 60, day: 86_400 };

/**
 * The spec's per-scope figures. Enterprise is "custom"/"unlimited" there: no limit unless
 * RATE_LIMITS configures one. Anonymous callers count as free, keyed by IP address.
 */
export const DEFAULT_LIMITS: PlanLimits = {
  free: { execution: { minute: 10 }, server_management: { minute: 10 }, retrieval: { minute: 60, day: 10_000 }, public_write: { minute: 120 } },
  pro: { execution: { minute: 100 }, server_management: { minute: 100 }, retrieval: { minute: 600, day: 100_000 }, public_write: { minute: 1_200 } },
  enterprise: { execution: {}, server_management: {}, retrieval: {}, public_write: {} },
};

const scopeOverride = z.object({ minute: z.number().int().positive().optional(), day: z.number().int().positive().optional() });
const overridesSchema = z.partialRecord(
  z.enum(['free', 'pro', 'enterprise']),
  z.partialRecord(z.enum(['execution', 'server_management', 'retrieval', 'public_write']), scopeOverride),
);

/** Applies the RATE_LIMITS JSON of the configuration over the defaults. */
export function resolveLimits(json: string | undefined): PlanLimits {
  if (!json) return DEFAULT_LIMITS;
  const overrides = overridesSchema.parse(JSON.parse(json));
  const merged = structuredClone(DEFAULT_LIMITS);
  for (const [plan, scopes] of Object.entries(overrides)) {
    for (const [scope, limits] of Object.entries(scopes ?? {})) {
      merged[plan as Plan][scope as RateScope] = { ...merged[plan as Plan][scope as RateScope], ...limits };
    }
  }
  return merged;
}

/** One fixed window of a scope that counts a subject's requests (its row in rate_limit_counters). */
export interface CounterWindowOf {
  window: Window;
  key: string;
  windowStart: Date;
  windowSeconds: number;
  limit: number;
}

/**
 * The windows a request of `scope` by `subject` (`user:<id>` or `ip:<address>`) counts in at
 * `now`: the rate-limit hook increments them, the account's standing reads them.
 */
export function counterWindows(limits: PlanLimits, plan: Plan, scope: RateScope, subject: string, now: number): CounterWindowOf[] {
  const scoped = limits[plan][scope];
  return (Object.keys(scoped) as Window[])
    .filter((window) => scoped[window])
    .map((window) => {
      const seconds = WINDOW_SECONDS[window];
      const start = Math.floor(now / 1000 / seconds) * seconds;
      return { window, key: `${scope}:${window}:${subject}`, windowStart: new Date(start * 1000), windowSeconds: seconds, limit: scoped[window] as number };
    });
}
