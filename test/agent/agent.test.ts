import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertServer } from '../moderation/fixtures.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';

let t: TestApp;
let server: string;

beforeAll(async () => {
  t = await createTestApp({ worker: false });
  server = await insertServer(t.db, {
    name: 'okapimail',
    description: 'Send okapi newsletters',
    category: 'communication',
    authentication: { type: 'token', required: true, env_vars: ['OKAPI_KEY', 'OKAPI_SECRET'] },
    tools: [{ name: 'send_newsletter', description: 'Send an okapi newsletter to subscribers' }],
  });
});
afterAll(async () => t?.close());

const run = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/agent/execute', headers, payload: payload as object });

describe('POST /agent/execute', () => {
  it('plans enable, credential and call steps and says nothing was executed', async () => {
    const u = await t.createUser();
    const res = await run({ query: 'send the okapi newsletter' }, u.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'planned', mode: 'plan', executed: false, recommendation: { servers: [server] } });
    expect(body.plan.steps.map((s: { action: string }) => s.action)).toEqual(['enable_server', 'configure_credentials', 'call_tool']);
    expect(body.plan.steps[0]).toMatchObject({ step: 1, server, request: { method: 'POST', path: '/mcp_servers/toggle', body: { server, enabled: true } } });
    expect(body.plan.steps[1].description).toContain('OKAPI_KEY, OKAPI_SECRET');
    expect(body.plan.steps[2]).toMatchObject({
      tool: 'send_newsletter',
      input_schema: { type: 'object' },
      request: { path: '/v1/execute_tool', body: { tool_name: `${server}/send_newsletter` } },
    });
  });

  it('honours max_steps and works anonymously', async () => {
    const body = (await run({ query: 'okapi newsletter', max_steps: 1 })).json();
    expect(body.plan).toMatchObject({ truncated: true });
    expect(body.plan.steps).toHaveLength(1);
  });

  it('refuses mode execute instead of faking a run', async () => {
    const res = await run({ query: 'send the okapi newsletter', mode: 'execute' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toMatchObject({ parameter: 'mode', reason: 'unsupported' });
    // Without a model endpoint the refusal names the settings that turn runs on.
    expect(res.json().error.message).toContain('LLM_BASE_URL');
  });

  it('answers no_match for a task nothing fits, and validates the body', async () => {
    expect((await run({ query: 'juggle xylophones' })).json()).toMatchObject({ status: 'no_match', plan: { steps: [] }, executed: false });
    for (const payload of [{}, { query: '' }, { query: 'a', mode: 'later' }, { query: 'a', max_steps: 0 }, { query: 'a', extra: 1 }]) {
      expect((await run(payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await run({ query: 'a' }, { 'x-api-key': 'wrong' })).statusCode).toBe(401);
  });
});
