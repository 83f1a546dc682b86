import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiscoveryApp } from './helpers.ts';
import { BACKENDS, discoveryApp } from './helpers.ts';

const tool = (i: number, extra: Record<string, unknown> = {}) => ({
  name: `tool_${i}`,
  server: `bulk-${i % 40}`,
  description: `Operation number ${i} of the bulk catalogue: computes widget ${i} metrics`,
  inputSchema: { type: 'object', properties: { widget: { type: 'string' } } },
  ...extra,
});

describe.each(BACKENDS)('POST /v2/index_tools (%s backend)', (backend) => {
  let t: DiscoveryApp;
  let user: Awaited<ReturnType<DiscoveryApp['createUser']>>;
  beforeAll(async () => {
    t = await discoveryApp(backend);
    user = await t.createUser({ plan: 'enterprise' });
  });
  afterAll(async () => t?.close());

  const index = (payload: unknown, headers: Record<string, string> = user.headers) => t.app.inject({ method: 'POST', url: '/v2/index_tools', headers, payload: payload as object });
  const v2 = (qs: string) => t.app.inject({ method: 'GET', url: `/v2/retrieve_tools?${qs}`, headers: user.headers });

  it('indexes valid tools, fails bad ones with reasons, and makes them searchable', async () => {
    const res = await index({
      tools: [
        { name: 'convert_currency', server: 'fx', description: 'Convert an amount between currencies', input_schema: { type: 'object', properties: { amount: { type: 'number' } } }, category: 'finance', tags: ['money', 'money'] },
        { name: 'stock_quote', server: 'fx', description: 'Latest   stock\nquote', inputSchema: { type: 'object' } },
        { server: 'fx', description: 'no name' },
        { name: 'bad_schema', server: 'fx', description: 'x', input_schema: 'not an object' },
        'not a tool',
      ],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'completed', indexed: 2, skipped: 0, failed: 3 });
    expect(body.failures.map((f: { index: number }) => f.index)).toEqual([2, 3, 4]);
    expect(body.failures[0].reason).toMatch(/name/);
    expect(body.failures[1]).toMatchObject({ name: 'bad_schema', reason: expect.stringMatching(/input_schema/) });
    const found = (await v2('query=convert%20dollars%20to%20euros&top_k=1')).json().tools[0];
    expect(found).toMatchObject({ name: 'convert_currency', server: 'fx', category: 'finance', tags: ['money'], input_schema: { properties: { amount: { type: 'number' } } } });
    // Enrichment normalised the description's whitespace.
    expect((await v2('query=stock%20quote&top_k=1')).json().tools[0].description).toBe('Latest stock quote');
  });

  it('is idempotent: unchanged tools are skipped, changed ones re-indexed, skip_existing skips them all', async () => {
    const first = [tool(1), tool(2)];
    expect((await index({ tools: first })).json()).toMatchObject({ indexed: 2, skipped: 0 });
    expect((await index({ tools: first })).json()).toMatchObject({ indexed: 0, skipped: 2, skipped_tools: [{ reason: 'unchanged' }, { reason: 'unchanged' }] });
    const changed = [tool(1, { description: 'Renamed: counts gadgets' }), tool(2)];
    expect((await index({ tools: changed, skip_existing: true })).json()).toMatchObject({ indexed: 0, skipped: 2 });
    expect((await index({ tools: changed })).json()).toMatchObject({ indexed: 1, skipped: 1 });
    expect((await v2('query=counts%20gadgets&top_k=1')).json().tools[0]).toMatchObject({ name: 'tool_1', description: 'Renamed: counts gadgets' });
    expect((await index({ tools: [tool(3), tool(3)] })).json()).toMatchObject({ indexed: 1, skipped: 1 });
  });

  it('refuses a body without tools, and anonymous callers', async () => {
    expect((await index({})).statusCode).toBe(400);
    expect((await index({ tools: [] })).statusCode).toBe(400);
    expect((await index({ tools: 'x' })).json().error.code).toBe('INVALID_REQUEST');
    expect((await index({ tools: [tool(1)] }, {})).statusCode).toBe(401);
  });

  // Short texts keep the embedding work small: this test is about the call shape, not the model.
  it('takes 5,000 tools in one call as a workflow the caller follows', { timeout: 900_000 }, async () => {
    const tools = Array.from({ length: 5000 }, (_, i) => ({ name: `w${i}`, server: `bulk-${i % 40}`, description: `widget ${i}` }));
    const t0 = Date.now();
    const res = await index({ tools });
    // The answer comes once the tools are staged, well inside a client's usual 60 s time-out
    // even on a loaded two-core machine; the embedding goes on in the workflow.
    expect(Date.now() - t0).toBeLessThan(60_000);
    expect(res.statusCode).toBe(202);
    const accepted = res.json();
    expect(accepted).toMatchObject({ status: 'accepted', accepted: 5000, failed: 0, batch_id: expect.any(String), status_url: `/v2/index_tools/${accepted.batch_id}` });
    let status: { status: string; indexed: number; pending: number; failed: number };
    for (;;) {
      status = (await t.app.inject({ method: 'GET', url: accepted.status_url, headers: user.headers })).json();
      if (status.status === 'completed') break;
      expect(status.status).toBe('running');
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(status).toMatchObject({ indexed: 5000, pending: 0, failed: 0 });
    const found = (await v2('query=widget%204321&top_k=3')).json();
    expect(found.total_tools_searched).toBeGreaterThanOrEqual(5000);
    expect(found.tools[0]).toMatchObject({ name: 'w4321', server: 'bulk-1' });
    const other = await t.createUser();
    expect((await t.app.inject({ method: 'GET', url: accepted.status_url, headers: other.headers })).statusCode).toBe(404);
  });
});
