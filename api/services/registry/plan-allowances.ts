import type { Plan } from '../../../db/schema/index.ts';
import { AppError } from '../../errors.ts';

interface Allowances {
  maxPacks: number | null;
  maxServersPerPack: number | null;
  maxCustomServers: number | null;
  /** Tools of the user's own in the index (POST /v2/index_tools): each one embedded on the operator's key. */
  maxIndexedTools: number | null;
  /** Webhook subscriptions: each matching event is one delivery workflow per subscription. */
  maxWebhooks: number | null;
  /** The largest `max_tokens` of one agent run: the operator pays the model. */
  maxAgentTokensPerRun: number | null;
}

/**
 * Spec "Plan allowances" (packs, servers per pack, custom servers); the last three are ours
 * (issue 33, item 7; the spec does not list them; decisions.md, "Hardening 2: limits").
 * null = unlimited. Free users get no custom servers.
 */
export const PLAN_ALLOWANCES: Record<Plan, Allowances> = {
  free: { maxPacks: 1, maxServersPerPack: 5, maxCustomServers: 0, maxIndexedTools: 1_000, maxWebhooks: 5, maxAgentTokensPerRun: 50_000 },
  pro: { maxPacks: 10, maxServersPerPack: 50, maxCustomServers: null, maxIndexedTools: 20_000, maxWebhooks: 25, maxAgentTokensPerRun: 200_000 },
  enterprise: { maxPacks: null, maxServersPerPack: null, maxCustomServers: null, maxIndexedTools: null, maxWebhooks: 100, maxAgentTokensPerRun: 1_000_000 },
};

const UPGRADE: Record<Plan, Plan | null> = { free: 'pro', pro: 'enterprise', enterprise: null };

type Allowance = keyof Allowances;

const WHAT: Record<Allowance, string> = {
  maxPacks: 'custom packs',
  maxServersPerPack: 'servers in one pack',
  maxCustomServers: 'custom servers',
  maxIndexedTools: 'indexed tools of your own',
  maxWebhooks: 'webhook subscriptions',
  maxAgentTokensPerRun: 'model tokens in one agent run',
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
