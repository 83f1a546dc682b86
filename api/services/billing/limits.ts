import type { Database } from '../../../db/client.ts';
import { countOwnPacks } from '../../../db/registry/packs.ts';
import { countOwnServers } from '../../../db/registry/servers.ts';
import type { User } from '../../../db/schema/index.ts';
import { userAgentTokens } from '../../../db/agent/runs.ts';
import { PLANS, planById } from './plans.ts';

/** GET /billing/plans: every plan with its price in the configured currency. */
export function listPlans(currency: string) {
  return { plans: PLANS.map((p) => ({ id: p.id, name: p.name, price: p.price, currency, interval: 'month' as const, limits: p.limits })) };
}

/** GET /billing/user-limits: the spec's three fields, the custom-server right, and what is used so far. */
export async function userLimits(db: Database, user: User) {
  const plan = planById(user.plan);
  const now = new Date();
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const [ownPacks, ownServers, agentTokens] = await Promise.all([
    countOwnPacks(db, user.id),
    countOwnServers(db, user.id),
    // Model tokens of the user's agent runs this calendar month (UTC), as the runs recorded them.
    userAgentTokens(db, user.id, monthStart),
  ]);
  return {
    plan: user.plan,
    max_packs: plan.limits.max_packs,
    max_servers_per_pack: plan.limits.max_servers_per_pack,
    custom_servers: plan.limits.custom_servers,
    max_open_streams: plan.limits.max_open_streams,
    max_indexed_tools: plan.limits.max_indexed_tools,
    max_webhooks: plan.limits.max_webhooks,
    max_agent_tokens_per_run: plan.limits.max_agent_tokens_per_run,
    usage: { packs: ownPacks, custom_servers: ownServers, agent_tokens_this_month: agentTokens },
  };
}
