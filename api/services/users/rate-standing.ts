import { readCounters } from '../../../db/rate-limit-counters.ts';
import type { User } from '../../../db/schema/index.ts';
import type { AppDeps } from '../../context.ts';
import { counterWindows, resolveLimits } from '../../rate-limits.ts';
import { RATE_SCOPES } from '../../route-config.ts';

/**
 * GET /account/rate-limits: the caller's standing in every limited window of their plan —
 * the same windows and counters the rate-limit hook uses (api/rate-limits.ts), read without
 * counting. A scope the plan does not limit (enterprise by default) is absent.
 */
export async function rateStanding(deps: Pick<AppDeps, 'db' | 'config' | 'now'>, user: User) {
  const limits = resolveLimits(deps.config.RATE_LIMITS);
  const now = (deps.now ?? Date.now)();
  const windows = RATE_SCOPES.flatMap((scope) => counterWindows(limits, user.plan, scope, `user:${user.id}`, now).map((window) => ({ scope, ...window })));
  const counts = await readCounters(deps.db, windows);
  return {
    plan: user.plan,
    scopes: windows.map((w, i) => {
      const used = counts[i] ?? 0;
      return {
        scope: w.scope,
        window: w.window,
        limit: w.limit,
        used,
        remaining: Math.max(0, w.limit - used),
        reset_at: Math.floor(w.windowStart.getTime() / 1000) + w.windowSeconds,
      };
    }),
  };
}
