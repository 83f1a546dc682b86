import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../context.ts';
import { currentUser } from '../../plugins/auth.ts';
import { listPlans, userLimits } from '../../services/billing/limits.ts';
import { createOrder } from '../../services/billing/orders.ts';
import { verifyPayment } from '../../services/billing/verify-payment.ts';
import { planId } from '../../schemas.ts';

const tags = ['billing'];
const limits = z.object({
  max_packs: z.number().int().nullable(),
  max_servers_per_pack: z.number().int().nullable(),
  custom_servers: z.boolean(),
  max_open_streams: z.number().int(),
  // Issue 33, item 7: what a plan bounds beyond the spec's allowances (null = unlimited).
  max_indexed_tools: z.number().int().nullable().meta({ description: 'Tools of your own in the index (POST /v2/index_tools)' }),
  max_webhooks: z.number().int().nullable().meta({ description: 'Webhook subscriptions' }),
  max_agent_tokens_per_run: z.number().int().nullable().meta({ description: 'The largest max_tokens of one agent run' }),
});
const providerId = z.string().min(1).max(100).regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and - only');

/** Plans, the caller's limits, and the two steps of an upgrade payment (decisions.md, "Billing"). */
export const billingRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/billing/plans',
    {
      config: { auth: 'none' },
      schema: {
        tags,
        response: {
          200: z.object({
            plans: z.array(z.object({ id: planId, name: z.string(), price: z.number(), currency: z.string(), interval: z.literal('month'), limits })),
          }),
        },
      },
    },
    async () => listPlans(deps.config.PAYMENT_CURRENCY),
  );

  app.get(
    '/billing/user-limits',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        response: {
          200: limits.extend({ plan: planId, usage: z.object({ packs: z.number().int(), custom_servers: z.number().int(), agent_tokens_this_month: z.number().int() }) }),
        },
      },
    },
    async (request) => userLimits(deps.db, currentUser(request)),
  );

  app.post(
    '/billing/create-order',
    {
      // 503: billing is not configured on this service, or the provider does not answer.
      config: { auth: 'required', errorStatuses: [503] },
      schema: {
        tags,
        body: z.object({ plan_id: planId }).strict(),
        response: {
          201: z.object({ order_id: z.string(), amount: z.number().int(), currency: z.string(), key_id: z.string(), plan_id: planId }),
        },
      },
    },
    async (request, reply) => reply.status(201).send(await createOrder(deps, currentUser(request), request.body.plan_id)),
  );

  app.post(
    '/billing/verify-payment',
    {
      config: { auth: 'required', errorStatuses: [404, 503] },
      schema: {
        tags,
        body: z
          .object({
            plan_id: planId,
            provider_order_id: providerId,
            provider_payment_id: providerId,
            provider_signature: z.string().regex(/^[0-9a-fA-F]{64}$/, 'a hex HMAC-SHA256 (64 characters)'),
          })
          .strict(),
        response: {
          '2xx': z.object({
            status: z.enum(['verified', 'pending']),
            plan: planId,
            plan_id: planId,
            order_id: z.string(),
            payment_id: z.string(),
            limits,
          }),
        },
      },
    },
    async (request, reply) => {
      const result = await verifyPayment(deps, currentUser(request), request.body);
      // 202: the payment is authorized but not captured yet; the webhook will finish the upgrade.
      return reply.status(result.status === 'verified' ? 200 : 202).send(result);
    },
  );
};
