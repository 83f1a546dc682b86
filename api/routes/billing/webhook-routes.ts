import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../context.ts';
import { handlePaymentWebhook } from '../../services/billing/webhook.ts';

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * POST /billing/webhook. Its own encapsulated plugin: the JSON parser here keeps the raw
 * body, because the signature covers the exact bytes the provider sent, and the service
 * checks the signature before it parses and validates them.
 */
export const billingWebhookRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post(
    '/billing/webhook',
    {
      config: { auth: 'signature' },
      schema: {
        tags: ['billing'],
        body: z.string().min(1),
        response: {
          200: z.object({ status: z.enum(['processing', 'processed', 'ignored', 'duplicate']), event_id: z.string(), event: z.string() }),
        },
      },
    },
    async (request) =>
      handlePaymentWebhook(deps, request.body, {
        signature: header(request.headers['x-payment-signature']),
        eventId: header(request.headers['x-payment-event-id']),
      }),
  );
};
