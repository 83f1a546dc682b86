import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { documentedSchema } from './openapi-responses.ts';
import { PAGE_POLICY } from './page-policy.ts';

/** OpenAPI 3.1 generated from the routes' zod schemas, at /openapi.json, with a reference page at /docs. */
export const openApiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Switchboard',
        version: '1.0.0',
        description: 'Tool discovery and execution for AI agents. Error bodies follow the three forms of docs/decisions.md.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'API key, HS256 JWT or OAuth access token' },
          apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
          adminKey: { type: 'apiKey', in: 'header', name: 'X-Admin-Key' },
        },
      },
    },
    // Each route's error answers are added from its config before zod becomes JSON Schema.
    transform: (input) =>
      input.schema?.hide ? jsonSchemaTransform(input) : jsonSchemaTransform({ ...input, schema: documentedSchema(input.schema, input.route) }),
  });
  // The console's policy on every /docs response (page, its scripts and the JSON it loads).
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: PAGE_POLICY });
  app.get('/openapi.json', { schema: { hide: true }, config: { auth: 'none' } }, async () => app.swagger());
});
