import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_TYPES_FILE, renderOpenApiTypes } from '../../scripts/openapi-types.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';

/*
 * The console and the CLI are typed from contracts/openapi.d.ts (issue 34, item 2). The file is
 * checked in, so it must be what the service's document renders to now: a route's schema
 * changed without `npm run openapi:types` fails here, and after it the clients' typecheck.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ worker: false });
});
afterAll(async () => t?.close());

describe('contracts/openapi.d.ts', () => {
  it('is what the service’s /openapi.json renders to (else run `npm run openapi:types`)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(response.statusCode).toBe(200);
    const rendered = await renderOpenApiTypes(response.json());
    expect(readFileSync(OPENAPI_TYPES_FILE, 'utf8') === rendered, 'contracts/openapi.d.ts is stale: run `npm run openapi:types`').toBe(true);
  });

  it('and the check sees a changed response schema', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as { paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { schema: { properties: Record<string, unknown> } }> }> }>> };
    const list = document.paths['/jobs'].get.responses['200'].content['application/json'].schema;
    list.properties = Object.fromEntries(Object.entries(list.properties).map(([name, schema]) => [name === 'pagination' ? 'paging' : name, schema]));
    expect(await renderOpenApiTypes(document)).not.toBe(readFileSync(OPENAPI_TYPES_FILE, 'utf8'));
  });
});
