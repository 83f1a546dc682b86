import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../context.ts';
import { restConfig } from '../../operations/operation.ts';
import { getPublishedVersionOp, listPublishedServersOp, listPublishedVersionsOp } from '../../operations/published-registry.ts';

const tags = ['registry'];
// The official API's error body is `{error: string}`: the plain form (error, message, code) is that, and more.
const config = (op: Parameters<typeof restConfig>[0]) => ({ ...restConfig(op), errorForm: 'plain' as const });

/**
 * The official MCP Registry API's reads (issue 38, item 3). A server name holds a '/': clients
 * send it URL-encoded (`%2F`), which the router keeps inside the one path segment and decodes.
 */
export const publishedRegistryRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get('/v0.1/servers', { config: config(listPublishedServersOp), schema: { tags, querystring: listPublishedServersOp.input, response: { 200: listPublishedServersOp.output } } }, async (request) =>
    listPublishedServersOp.call({ deps }, request.query),
  );
  const versions = listPublishedVersionsOp.input;
  app.get(
    '/v0.1/servers/:serverName/versions',
    {
      config: config(listPublishedVersionsOp),
      schema: { tags, params: versions.pick({ serverName: true }), querystring: versions.pick({ include_deleted: true }), response: { 200: listPublishedVersionsOp.output } },
    },
    async (request) => listPublishedVersionsOp.call({ deps }, { ...request.params, ...request.query }),
  );
  const version = getPublishedVersionOp.input;
  app.get(
    '/v0.1/servers/:serverName/versions/:version',
    {
      config: config(getPublishedVersionOp),
      schema: {
        tags,
        params: version.pick({ serverName: true, version: true }),
        querystring: version.pick({ include_deleted: true }),
        response: { 200: getPublishedVersionOp.output },
      },
    },
    async (request) => getPublishedVersionOp.call({ deps }, { ...request.params, ...request.query }),
  );
};
