import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../context.ts';
import { currentUser } from '../../plugins/auth.ts';
import { uuidParam } from '../../schemas.ts';
import { createWebhook, EVENT_KINDS, listUserWebhooks, patchWebhook, removeWebhook } from '../../services/webhooks/webhooks.ts';

const tags = ['webhooks'];
const required = { auth: 'required' as const };
const params = uuidParam('webhook_id');
const url = z.string().min(1).max(2048);
const events = z.array(z.enum(EVENT_KINDS)).min(1).max(EVENT_KINDS.length);
const description = z.string().max(500);

/** Webhook subscriptions (spec, Webhook management). Deliveries: workflows/webhook-delivery.ts. */
export const webhookRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post('/webhooks', { config: required, schema: { tags, body: z.object({ url, events, description: description.optional() }) } }, async (request, reply) =>
    reply.status(201).send(await createWebhook(deps, currentUser(request).id, request.body)),
  );

  app.get('/webhooks', { config: required, schema: { tags } }, async (request) => listUserWebhooks(deps, currentUser(request).id));

  app.patch(
    '/webhooks/:webhook_id',
    {
      config: required,
      schema: { tags, params, body: z.object({ url: url.optional(), events: events.optional(), description: description.optional() }).refine((b) => Object.keys(b).length > 0, 'give at least one of url, events, description') },
    },
    async (request) => patchWebhook(deps, currentUser(request).id, request.params.webhook_id, request.body),
  );

  app.delete('/webhooks/:webhook_id', { config: required, schema: { tags, params } }, async (request, reply) => {
    await removeWebhook(deps, currentUser(request).id, request.params.webhook_id);
    return reply.status(204).send();
  });
};
