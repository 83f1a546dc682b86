import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../context.ts';
import { NOT_BLANK } from '../../schemas.ts';
import type { RetrievalService } from '../../services/retrieval/index.ts';
import { currentUser } from '../../plugins/auth.ts';

const tags = ['settings'];
const usageCount = z.object({ texts: z.number().int(), tokens: z.number().int() });
const settings = z.object({
  provider: z.string(),
  vendor_model: z.string(),
  status: z.enum(['ready', 'reembedding', 'failed']),
  workflow_id: z.string().nullable(),
  reembedded_tools: z.number().int(),
  reembedded_at: z.string().nullable(),
  last_error: z.string().nullable(),
  index_model: z.string(),
  active_space: z
    .object({ provider: z.string(), vendor_model: z.string(), space: z.string() })
    .meta({ description: 'The vector space retrieval uses now: the previous one until a re-embed completes (or for good when it failed)' }),
  progress: z.object({ done: z.number().int(), total: z.number().int() }).meta({ description: "Texts of the user's tools (and reference texts) in the chosen space, of all" }),
  attempt: z.number().int().meta({ description: 'Attempt of the re-embed that wrote last_error (retried with backoff on 429, 5xx and no answer)' }),
  usage: z
    .object({ documents: usageCount, queries: usageCount })
    .meta({ description: "What the chosen provider embedded for this user: tool texts and queries (texts already embedded are not embedded again)" }),
  allowed: z.record(z.string(), z.array(z.string())).meta({ description: 'Providers this deployment offers and their vendor_model values' }),
});

/** GET/POST /settings/embedding (spec "Embedding settings"); a provider of its own re-embeds the user's tools through a workflow. */
export const settingsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps; retrieval: RetrievalService }> = async (app, { retrieval }) => {
  const embedding = retrieval.embedding;

  app.get('/settings/embedding', { config: { auth: 'required' }, schema: { tags, response: { 200: settings } } }, async (request) =>
    embedding.get(currentUser(request).id),
  );

  app.post(
    '/settings/embedding',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        body: z.object({
          provider: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'provider must be 1..64 letters, digits, dot, dash or underscore'),
          vendor_model: z.string().trim().min(1).max(200).regex(NOT_BLANK, 'vendor_model must not be blank'),
        }),
        response: { 200: settings.extend({ reembedding: z.boolean() }) },
      },
    },
    async (request) => embedding.set(currentUser(request).id, request.body),
  );
};
