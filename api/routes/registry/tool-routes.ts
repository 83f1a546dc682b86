import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../context.ts';
import { envelope } from '../../error-forms.ts';
import { restConfig } from '../../operations/operation.ts';
import { getTool } from '../../operations/registry.ts';
import { listToolsRoot, listToolsV1, toolRegistry } from '../../services/registry/tools-catalog.ts';
import * as responses from './responses.ts';
import { envelopeOf } from '../../schemas.ts';
import { category, optionalUser, pageQuery, serverRef } from './schemas.ts';

const tags = ['tools'];
const filters = { server: serverRef.optional(), category: category.optional() };

/**
 * Catalog listings of tools (not search: that is /retrieve_tools). Tool names are unique per
 * server only; `server/name` or `?server=` picks one (docs/registry.md).
 */
export const toolRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  // Root form: every matching tool unless a limit is given.
  app.get(
    '/tools',
    {
      config: { auth: 'optional', rateScope: 'public_read' },
      schema: { tags, querystring: z.object({ ...filters, limit: z.coerce.number().int().min(1).max(5000).optional(), offset: pageQuery(20, 100).offset }),
        response: { 200: responses.toolBriefList },
      },
    },
    async (request) => listToolsRoot(deps, optionalUser(request)?.id ?? null, request.query),
  );

  app.get(
    '/v1/tools',
    { config: { auth: 'optional', rateScope: 'public_read' }, schema: { tags, querystring: z.object({ ...filters, ...pageQuery(20, 100) }), response: { 200: responses.toolPage } } },
    async (request) => envelope(request, await listToolsV1(deps, optionalUser(request)?.id ?? null, request.query)),
  );

  // The get_tool operation (api/operations/registry.ts): the name in the path, the server in the query.
  app.get(
    '/v1/tools/:tool_name',
    {
      config: restConfig(getTool),
      schema: { tags, params: getTool.input.pick({ tool_name: true }), querystring: getTool.input.pick({ server: true }), response: { 200: envelopeOf(getTool.output) } },
    },
    async (request) => envelope(request, await getTool.call({ deps, userId: optionalUser(request)?.id ?? null, origin: `${request.protocol}://${request.host}` }, { ...request.params, ...request.query })),
  );

  app.get(
    '/tools/registry',
    { config: { auth: 'none', rateScope: 'public_read' }, schema: { tags, querystring: z.object({ ...filters, limit: z.coerce.number().int().min(1).max(5000).optional(), offset: pageQuery(20, 100).offset }), response: { 200: responses.toolRegistryList } } },
    async (request) => toolRegistry(deps, request.query),
  );

  // get_tool again, as the public catalog reads it: no caller (no user's availability), unwrapped.
  app.get(
    '/tools/registry/:tool_name',
    {
      config: restConfig(getTool, { auth: 'none', rateScope: 'public_read' }),
      schema: { tags, params: getTool.input.pick({ tool_name: true }), querystring: getTool.input.pick({ server: true }), response: { 200: getTool.output } },
    },
    async (request) => getTool.call({ deps, userId: null }, { ...request.params, ...request.query }),
  );
};
