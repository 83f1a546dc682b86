import { z } from 'zod';
import type { Plan } from '../db/schema/index.ts';
import { planId } from './schemas.ts';
import { RATE_SCOPES } from './route-config.ts';
import type { RateScope } from './route-config.ts';

export type Window = 'minute' | 'day';
export type ScopeLimits = Partial<Record<Window, number>>;
export type PlanLimits = Record<Plan, Record<RateScope, ScopeLimits>>;

export const WINDOW_SECONDS: Record<Window, number> = { minute: 60, day: 86_400 };

/**
 * The spec's per-scope figures (execution, server_management, retrieval); public_write,
 * public_read and indexing are ours (decisions.md). Enterprise is "custom"/"unlimited" there: no limit unless
 * RATE_LIMITS configures one. Anonymous callers count as free, keyed by IP address (the
 * peer's, or X-Forwarded-For's only from a TRUSTED_PROXIES address).
 *
 * | scope             | free (and anonymous)  | pro                     | enterprise |
 * |-------------------|-----------------------|-------------------------|------------|
 * | execution         | 10/min                | 100/min                 | unlimited  |
 * | server_management | 10/min                | 100/min                 | unlimited  |
 * | retrieval         | 60/min, 10,000/day    | 600/min, 100,000/day    | unlimited  |
 * | public_write      | 120/min               | 1,200/min               | unlimited  |
 * | public_read       | 300/min               | 3,000/min               | unlimited  |
 * | indexing          | 10/min, 100/day       | 100/min, 1,000/day      | unlimited  |
 */
export const DEFAULT_LIMITS: PlanLimits = {
  free: {
    execution: { minute: 10 },
    server_management: { minute: 10 },
    retrieval: { minute: 60, day: 10_000 },
    public_write: { minute: 120 },
    public_read: { minute: 300 },
    indexing: { minute: 10, day: 100 },
  },
  pro: {
    execution: { minute: 100 },
    server_management: { minute: 100 },
    retrieval: { minute: 600, day: 100_000 },
    public_write: { minute: 1_200 },
    public_read: { minute: 3_000 },
    indexing: { minute: 100, day: 1_000 },
  },
  enterprise: { execution: {}, server_management: {}, retrieval: {}, public_write: {}, public_read: {}, indexing: {} },
};

const scopeOverride = z.object({ minute: z.number().int().positive().optional(), day: z.number().int().positive().optional() });
const overridesSchema = z.partialRecord(
  planId,
  z.partialRecord(z.enum(RATE_SCOPES), scopeOverride),
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
