import type { Plan } from '../../../db/schema/index.ts';
import { AppError } from '../../errors.ts';

/** Spec "Plan allowances". null = unlimited. Free users get no custom servers. */
export const PLAN_ALLOWANCES: Record<Plan, { maxPacks: number | null; maxServersPerPack: number | null; maxCustomServers: number | null }> = {
  free: { maxPacks: 1, maxServersPerPack: 5, maxCustomServers: 0 },
  pro: { maxPacks: 10, maxServersPerPack: 50, maxCustomServers: null },
  enterprise: { maxPacks: null, maxServersPerPack: null, maxCustomServers: null },
};

const UPGRADE: Record<Plan, Plan | null> = { free: 'pro', pro: 'enterprise', enterprise: null };

type Allowance = 'maxPacks' | 'maxServersPerPack' | 'maxCustomServers';

const WHAT: Record<Allowance, string> = {
  maxPacks: 'custom packs',
  maxServersPerPack: 'servers in one pack',
  maxCustomServers: 'custom servers',
};

/** Throws 400 PLAN_LIMIT_EXCEEDED when `wanted` exceeds the plan's allowance. */
export function assertWithinPlan(plan: Plan, allowance: Allowance, currentCount: number, wanted: number): void {
  const limit = PLAN_ALLOWANCES[plan][allowance];
  if (limit === null || wanted <= limit) return;
  const message =
    limit === 0
      ? `The ${plan} plan does not include ${WHAT[allowance]}; upgrade to ${UPGRADE[plan]} to add them`
      : `The ${plan} plan allows ${limit} ${WHAT[allowance]}; upgrade to ${UPGRADE[plan] ?? 'a custom plan'} for more`;
  throw new AppError('PLAN_LIMIT_EXCEEDED', message, { plan, limit, current_count: currentCount, upgrade_to: UPGRADE[plan] });
}
