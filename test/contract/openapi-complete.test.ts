import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openApiPlugin } from '../../api/plugins/openapi.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { undescribedSuccess } from './openapi-complete.ts';
import type { OpenApiDocument } from './openapi-complete.ts';

/*
 * /openapi.json is what the next faces are built from (the MCP face, the console, the CLI;
 * issue 10 item 5): every operation must say what its success body is, so a route added
 * without a response schema fails here rather than reaching clients as "any body".
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ worker: false });
});
afterAll(async () => t?.close());

describe('/openapi.json describes every success body', () => {
  it('of the service', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json() as OpenApiDocument;
    // The document has the whole service in it (106 operations when this was written), not a part that happens to pass.
    const operations = Object.values(doc.paths).flatMap((item) => Object.keys(item));
    expect(operations.length).toBeGreaterThan(100);
    expect(undescribedSuccess(doc)).toEqual([]);
  });

  it('and the check finds a route that declares none', async () => {
    // The same OpenAPI plugin as the service, with one described and one undescribed route.
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(openApiPlugin);
    app.get('/described', { config: { auth: 'none' }, schema: { response: { 200: z.object({ ok: z.boolean() }) } } }, async () => ({ ok: true }));
    app.get('/undescribed', { config: { auth: 'none' } }, async () => ({ ok: true }));
    app.delete('/emptied', { config: { auth: 'none' }, schema: { response: { 204: z.null().meta({ description: 'No Content' }) } } }, async (_r, reply) =>
      reply.status(204).send(null),
    );
    try {
      const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json() as OpenApiDocument;
      expect(undescribedSuccess(doc)).toEqual(['GET /undescribed: 2XX application/json has no schema']);
    } finally {
      await app.close();
    }
  });
});
