import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureOf } from '../../cli/switchboard/http.ts';
import { errorOf } from '../../console/src/api/client.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';

/*
 * The console and the CLI read the service's error bodies with one reader
 * (console/src/api/error-forms.ts). Each form here is a real answer of the service.
 */

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ worker: false });
  headers = (await t.createUser()).headers;
});
afterAll(async () => t?.close());

const conn = { url: 'http://127.0.0.1:1' };

describe('both clients read every error form of the service alike', () => {
  const cases = [
    { form: 'envelope (/v1)', request: { method: 'GET' as const, url: '/v1/tools/no-such-tool' }, status: 404 },
    { form: 'nested', request: { method: 'GET' as const, url: '/jobs/00000000-0000-4000-8000-000000000000' }, status: 404 },
    { form: 'plain (/v2/retrieve_tools)', request: { method: 'GET' as const, url: '/v2/retrieve_tools?query=x&top_k=0' }, status: 400 },
    { form: 'execution (POST /execute_tool)', request: { method: 'POST' as const, url: '/execute_tool', payload: { tool: 'no-such/tool', arguments: {} } }, status: 403 },
  ];
  for (const { form, request, status } of cases) {
    it(form, async () => {
      const response = await t.app.inject({ ...request, headers });
      expect(response.statusCode).toBe(status);
      const body: unknown = response.json();
      const console_ = errorOf(status, body);
      const cli = failureOf(conn, status, body, response.body);
      expect(console_.code).toMatch(/^[A-Z_]+$/);
      expect(cli.service?.code).toBe(console_.code);
      expect(cli.message).toBe(`${console_.message} (${console_.code})`);
    });
  }

  it('the CLI names the code of a plain-form error, not its reason phrase (regression)', async () => {
    // The CLI's own parser took the plain form's `error` ("Bad Request") for its code.
    const response = await t.app.inject({ method: 'GET', url: '/v2/retrieve_tools?query=x&top_k=0', headers });
    const body = response.json() as { error: string; code: string };
    expect(body.error).toBe('Bad Request');
    expect(failureOf(conn, 400, body).service?.code).toBe(body.code);
  });
});
