import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client.ts';
import { deleteExpiredCounters, incrementCounters } from '../../db/rate-limit-counters.ts';
import { AppError } from '../errors.ts';
import type { PlanLimits } from '../rate-limits.ts';
import { counterWindows } from '../rate-limits.ts';
import type { RateScope } from '../route-config.ts';

const CLEANUP_INTERVAL_MS = 5 * 60_000;

/** What the limiter counts with: the database, each plan's limits, and the clock of its windows (Date.now unless given: AppDeps.now). */
export interface RateLimitOptions {
  db: Database;
  limits: PlanLimits;
  now?: () => number;
}

/**
 * Fixed-window limits per plan and scope, counted in the database so that all replicas share
 * them. Headers describe the tightest window; the admin key is not limited.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, opts: RateLimitOptions) => {
  const timer = setInterval(() => {
    deleteExpiredCounters(opts.db, new Date((opts.now ?? Date.now)())).catch((err) => app.log.warn({ err }, 'rate-limit cleanup failed'));
  }, CLEANUP_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  app.addHook('onRequest', async (request, reply) => enforceRateLimit(opts, request, reply, request.routeOptions.config?.rateScope));
});

/**
 * Counts one request of `scope` against the caller's plan; 429 beyond it. Exported for a face
 * whose scope depends on the body (POST /mcp: tools/call of execute_tool counts as execution).
 */
export async function enforceRateLimit(opts: RateLimitOptions, request: FastifyRequest, reply: FastifyReply, scope: RateScope | undefined) {
  const { refusal } = await countRequests(opts, request, reply, scope, 1);
  if (refusal) throw refusal;
}

/**
 * Counts `n` requests of `scope` at once (the messages of an MCP batch) and says how many of
 * them fit the plan: the first `admitted` run, the rest get `refusal` (the 429 a single
 * request would get). `admitted` is `n` when the scope is not limited for this caller.
 */
export async function countRequests(
  opts: RateLimitOptions,
  request: FastifyRequest,
  reply: FastifyReply,
  scope: RateScope | undefined,
  n: number,
): Promise<{ admitted: number; refusal?: AppError }> {
  const principal = request.principal;
  if (!scope || principal?.kind === 'admin' || n < 1) return { admitted: n };
  const plan = principal?.kind === 'user' ? principal.user.plan : 'free';
  const subject = principal?.kind === 'user' ? `user:${principal.user.id}` : `ip:${request.ip}`;
  const now = (opts.now ?? Date.now)();
  const windows = counterWindows(opts.limits, plan, scope, subject, now);
  // Every window counts the request, refused or not: attempts are what the limits bound.
  const counts = await incrementCounters(opts.db, windows, n);
  let admitted = n;
  let tightest: { limit: number; remaining: number; reset: number; exceeded: boolean } | undefined;
  for (const [i, w] of windows.entries()) {
    const count = counts[i] as number;
    // Of the n counted now, those that still fit under this window's limit.
    admitted = Math.min(admitted, Math.max(0, w.limit - (count - n)));
    const remaining = Math.max(0, w.limit - count);
    const candidate = { limit: w.limit, remaining, reset: w.windowStart.getTime() / 1000 + w.windowSeconds, exceeded: count > w.limit };
    if (!tightest || (candidate.exceeded && !tightest.exceeded) || (candidate.exceeded === tightest.exceeded && remaining < tightest.remaining)) tightest = candidate;
  }
  if (!tightest) return { admitted: n };
  reply.header('X-RateLimit-Limit', tightest.limit);
  reply.header('X-RateLimit-Remaining', tightest.remaining);
  reply.header('X-RateLimit-Reset', tightest.reset);
  if (admitted === n) return { admitted };
  const retryAfter = Math.max(1, tightest.reset - Math.floor(now / 1000));
  const code = request.routeOptions.config?.rateLimitCode ?? 'RATE_LIMITED';
  return { admitted, refusal: new AppError(code, `Rate limit of ${tightest.limit} requests exceeded for ${scope}`, { scope, plan }, { retry_after: retryAfter }) };
}
