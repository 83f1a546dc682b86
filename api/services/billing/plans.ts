import { PLAN_IDS } from '../../../db/schema/index.ts';
import type { Plan } from '../../../db/schema/index.ts';
import { JOB_STREAM_LIMITS } from '../jobs/stream-limits.ts';
import { PLAN_ALLOWANCES } from '../registry/plan-allowances.ts';

export interface PlanLimits {
  /** null = unlimited (decisions.md: clearer than a magic -1). */
  max_packs: number | null;
  max_servers_per_pack: number | null;
  custom_servers: boolean;
  /** Job streams one user may hold open at once, across replicas (429 beyond it). */
  max_open_streams: number;
  max_indexed_tools: number | null;
  max_webhooks: number | null;
  max_agent_tokens_per_run: number | null;
}

interface PlanEntry {
  id: Plan;
  name: string;
  /** Monthly price in major currency units; the order amount is this in the smallest unit. */
  price: number;
  limits: PlanLimits;
}

/** The allowances custom packs enforce (one table for both), shown in the plans' wire form. */
const limitsOf = (plan: Plan): PlanLimits => {
  const allowance = PLAN_ALLOWANCES[plan];
  return {
    max_packs: allowance.maxPacks,
    max_servers_per_pack: allowance.maxServersPerPack,
    custom_servers: allowance.maxCustomServers !== 0,
    max_open_streams: JOB_STREAM_LIMITS[plan],
    max_indexed_tools: allowance.maxIndexedTools,
    max_webhooks: allowance.maxWebhooks,
    max_agent_tokens_per_run: allowance.maxAgentTokensPerRun,
  };
};

/** The spec's plans (Limits → Plan allowances). Prices are ours (decisions.md). */
const OFFER: Record<Plan, { name: string; price: number }> = {
  free: { name: 'Free', price: 0 },
  pro: { name: 'Pro', price: 19 },
  enterprise: { name: 'Enterprise', price: 99 },
};
export const PLANS: readonly PlanEntry[] = PLAN_IDS.map((id) => ({ id, ...OFFER[id], limits: limitsOf(id) }));

export function planById(id: Plan): PlanEntry {
  const plan = PLANS.find((p) => p.id === id);
  if (!plan) throw new Error(`unknown plan ${id}`);
  return plan;
}

/** PLAN_IDS lists the plans cheapest first. */
export const isUpgrade = (from: Plan, to: Plan) => PLAN_IDS.indexOf(to) > PLAN_IDS.indexOf(from);

/** The order amount in the smallest currency unit (cents, paise). */
export const amountOf = (plan: PlanEntry) => Math.round(plan.price * 100);
