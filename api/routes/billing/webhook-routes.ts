import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../context.ts';
import { handlePaymentWebhook, verifyWebhookSignature } from '../../services/billing/webhook.ts';

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * POST /billing/webhook. Its own encapsulated plugin: the JSON parser here keeps the raw
 * body, because the signature covers the exact bytes the provider sent; the signature is
 * checked before the body is parsed or validated.
 */
export const billingWebhookRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post(
    '/billing/webhook',
    {
      config: { auth: 'signature', errorStatuses: [503] },
      // Before validation: a request without a valid signature is 401 whatever its body.
      preValidation: async (request) =>
        verifyWebhookSignature(deps, typeof request.body === 'string' ? request.body : '', header(request.headers['x-payment-signature'])),
      schema: {
        tags: ['billing'],
        body: z.string().min(1),
        response: {
          200: z.object({ status: z.enum(['processing', 'processed', 'ignored', 'duplicate']), event_id: z.string(), event: z.string() }),
        },
      },
    },
    async (request) =>
      handlePaymentWebhook(deps, request.body, { eventId: header(request.headers['x-payment-event-id']) }),
  );
};
