import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../context.ts';
import { currentUser } from '../../plugins/auth.ts';
import { atLeastOne, pagination, uuidParam } from '../../schemas.ts';
import { listWebhookDeliveries, redeliver } from '../../services/webhooks/deliveries.ts';
import { createWebhook, EVENT_KINDS, listUserWebhooks, patchWebhook, removeWebhook, rotateWebhookSecret } from '../../services/webhooks/webhooks.ts';
import { DELIVERY_STATUSES } from '../../../db/schema/index.ts';

const tags = ['webhooks'];
const required = { auth: 'required' as const };
const params = uuidParam('webhook_id');
/** An absolute http(s) URL; where it may point (SSRF guard) is checked by the service. */
const url = z.url({ protocol: /^https?$/, message: 'url must be an absolute http(s) URL' }).max(2048);
const events = z.array(z.enum(EVENT_KINDS)).min(1).max(EVENT_KINDS.length);
const description = z.string().max(500);
/** The subscription as the service shows it (services/webhooks/webhooks.ts, webhookView). */
const webhook = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(z.string()),
  description: z.string(),
  status: z.string(),
  created_at: z.number().int(),
  last_used: z.number().int().nullable(),
  failed_attempts: z.number().int(),
});

const deliveryParams = params.extend(uuidParam('delivery_id').shape);
/** A delivery of the log (services/webhooks/deliveries.ts, deliveryView); times in Unix seconds. */
const delivery = z.object({
  id: z.uuid(),
  event_id: z.uuid(),
  event: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  created_at: z.number().int(),
  next_attempt_at: z.number().int().nullable().meta({ description: 'When the next retry is due; set while the status is retrying' }),
  attempts: z.array(
    z.object({
      attempt: z.number().int().min(1),
      attempted_at: z.number().int(),
      status_code: z.number().int().nullable().meta({ description: "The receiver's answer; null when none came (network error, time-out)" }),
      duration_ms: z.number().int(),
      error: z.string().nullable(),
    }),
  ),
});

/** Webhook subscriptions (spec, Webhook management). Deliveries: workflows/webhook-delivery.ts. */
export const webhookRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  // The secret is in the answer of the creation only.
  const created = { 201: webhook.extend({ secret: z.string().optional() }) };
  app.post('/webhooks', { config: required, schema: { tags, body: z.object({ url, events, description: description.optional() }), response: created } }, async (request, reply) =>
    reply.status(201).send(await createWebhook(deps, currentUser(request), request.body)),
  );

  app.get('/webhooks', { config: required, schema: { tags, response: { 200: z.object({ webhooks: z.array(webhook) }) } } }, async (request) => listUserWebhooks(deps, currentUser(request).id));

  app.patch(
    '/webhooks/:webhook_id',
    {
      config: required,
      schema: {
        tags,
        params,
        body: atLeastOne(z.object({ url: url.optional(), events: events.optional(), description: description.optional() }), 'give at least one of url, events, description'),
        response: { 200: webhook },
      },
    },
    async (request) => patchWebhook(deps, currentUser(request).id, request.params.webhook_id, request.body),
  );

  // The delivery log, redelivery and secret rotation (issue 12, item 5; decisions.md "Webhook delivery log").
  app.get(
    '/webhooks/:webhook_id/deliveries',
    {
      config: required,
      schema: {
        tags,
        params,
        querystring: pagination,
        response: { 200: z.object({ deliveries: z.array(delivery), pagination: z.object({ limit: z.number().int(), offset: z.number().int(), total: z.number().int() }) }) },
      },
    },
    async (request) => listWebhookDeliveries(deps, currentUser(request).id, request.params.webhook_id, request.query),
  );

  app.post(
    '/webhooks/:webhook_id/deliveries/:delivery_id/redeliver',
    { config: { ...required, errorStatuses: [409] }, schema: { tags, params: deliveryParams, response: { 202: delivery } } },
    async (request, reply) => reply.status(202).send(await redeliver(deps, currentUser(request).id, request.params.webhook_id, request.params.delivery_id)),
  );

  app.post('/webhooks/:webhook_id/rotate-secret', { config: required, schema: { tags, params, response: { 200: webhook.extend({ secret: z.string() }) } } }, async (request) =>
    rotateWebhookSecret(deps, currentUser(request).id, request.params.webhook_id),
  );

  app.delete('/webhooks/:webhook_id', { config: required, schema: { tags, params, response: { 204: z.null().meta({ description: 'Deleted' }) } } }, async (request, reply) => {
    await removeWebhook(deps, currentUser(request).id, request.params.webhook_id);
    return reply.status(204).send(null);
  });
};
