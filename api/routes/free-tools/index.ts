import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../context.ts';
import { freeToolsStatus, installFreeTool, runFreeTool } from '../../services/free-tools/free-tools.ts';

const tags = ['free-tools'];
const slug = z.string().min(1).max(64).regex(/^[a-z0-9-]+$/, 'a tool slug is lower-case letters, digits and -');
/** An anonymous client's own id (a browser or CLI install id); these routes have no account. */
const userIdentifier = z.string().min(1).max(128).regex(/^[A-Za-z0-9._:@-]+$/, 'letters, digits and . _ : @ -');
const installAnswer = z.object({
  tool_slug: z.string(),
  user_identifier: z.string(),
  status: z.enum(['installed', 'already_installed']),
  installed_at: z.string(),
  // The body to send to POST /free-tools/run; its `input` is the tool's own arguments.
  run: z.object({ method: z.literal('POST'), path: z.string(), body: z.record(z.string(), z.unknown()) }),
});

/** Free tools: self-contained utilities anyone may run (decisions.md, "Free tools"). */
export const freeToolRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;

  app.get(
    '/free-tools/status',
    {
      config: { auth: 'none', rateScope: 'public_read' },
      schema: {
        tags,
        querystring: z.object({ user_identifier: userIdentifier.optional() }),
        response: {
          200: z.object({
            status: z.literal('operational'),
            tools: z.array(
              z.object({
                slug: z.string(),
                name: z.string(),
                description: z.string(),
                // A JSON Schema document: free-form by nature.
                input_schema: z.record(z.string(), z.unknown()),
                installed: z.boolean().nullable(),
                installs: z.number().int(),
                runs: z.number().int(),
              }),
            ),
            total: z.number().int(),
          }),
        },
      },
    },
    async (request) => freeToolsStatus(db, request.query.user_identifier),
  );

  app.post(
    '/free-tools/install',
    {
      config: { auth: 'none', rateScope: 'public_write', errorStatuses: [404] },
      schema: {
        tags,
        body: z.object({ tool_slug: slug, user_identifier: userIdentifier }).strict(),
        // 201 on the first install, 200 when it was installed already.
        response: { 200: installAnswer, 201: installAnswer },
      },
    },
    async (request, reply) => {
      const { created, body } = await installFreeTool(db, request.body.tool_slug, request.body.user_identifier);
      return reply.status(created ? 201 : 200).send(body);
    },
  );

  app.post(
    '/free-tools/run',
    {
      // Runs a tool for anyone and counts the run (issue 33, item 4): a write anonymous callers
      // make, so public_write, like the install; by address when anonymous.
      config: { auth: 'optional', rateScope: 'public_write', errorStatuses: [404] },
      schema: {
        tags,
        body: z.object({ tool_slug: slug, input: z.record(z.string(), z.unknown()), user_identifier: userIdentifier.optional() }).strict(),
        response: {
          // The result is the tool's own output object: its fields differ per tool.
          200: z.object({ tool_slug: z.string(), status: z.literal('success'), result: z.record(z.string(), z.unknown()), execution_time_ms: z.number() }),
        },
      },
    },
    async (request) =>
      runFreeTool(db, request.principal?.kind === 'user' ? request.principal.user.id : null, request.body),
  );
};
