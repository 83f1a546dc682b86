import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, searchDocuments, webhookDeliveries } from '../../db/schema/index.ts';
import { ConfigError, loadConfig } from '../../platform/config.ts';
import { buildApp } from '../../api/app.ts';
import { createLogger } from '../../platform/logger.ts';
import { assembleAppDeps } from '../../runtime/app-deps.ts';
import { CATALOG, discoveryApp, seedRegistry } from '../retrieval/helpers.ts';
import type { DiscoveryApp } from '../retrieval/helpers.ts';
import { createExecutionApp, until } from '../execution/helpers/setup.ts';
import { createTestApp, TEST_ADMIN_KEY, TEST_JWT_SECRET } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { startReceiver } from '../webhooks/receiver.ts';

// Issue 33, item 7 (and item 4's rate scope), driven from outside as the probe did:
// - with `trustProxy: true` a forged X-Forwarded-For gave every request a fresh address, so no
//   anonymous per-IP limit was ever reached;
// - POST /free-tools/run, /tools/selection-log, /query/log, /recommender, /agent/execute (mode
//   plan) and the catalog reads had no rate scope: any number of anonymous calls went through;
// - POST /v2/index_tools had no scope and no per-user total; webhooks no cap per user, and
//   the API wrote one delivery row and started one workflow per subscription inside the request;
// - agent runs took max_tokens up to 1,000,000 on every plan.
// Day windows (RATE_LIMITS) so that a minute boundary cannot split a count; the default
// per-minute limits run on a clock (AppDeps.now) that stands 10 s into a minute.
const MINUTE_START = Math.floor(Date.now() / 60_000) * 60_000;
const clock = () => MINUTE_START + 10_000;
const LIMITS = { free: { public_write: { day: 3 }, retrieval: { day: 3 } } };

let t: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  [t, proxied] = await Promise.all([
    createTestApp({ worker: false, env: { RATE_LIMITS: JSON.stringify(LIMITS) }, now: clock }),
    createTestApp({ worker: false, env: { RATE_LIMITS: JSON.stringify(LIMITS), TRUSTED_PROXIES: '10.33.9.9' } }),
  ]);
}, 120_000);
afterAll(async () => Promise.all([t?.close(), proxied?.close()]));

const track = (app: TestApp['app'], remoteAddress: string, forwardedFor?: string) =>
  app.inject({
    method: 'POST',
    url: '/mcp-analytics/analytics/track',
    payload: { event_type: 'search' },
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });

describe('the address anonymous limits count under', () => {
  it('is the peer, whatever X-Forwarded-For a client sends', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i++) statuses.push((await track(t.app, '10.33.0.1', `203.0.113.${i}`)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429]);
  });

  it('is X-Forwarded-For only from a TRUSTED_PROXIES address', async () => {
    // Through the proxy: each client its own count.
    for (let i = 0; i < 3; i++) expect((await track(proxied.app, '10.33.9.9', '198.51.100.7')).statusCode).toBe(201);
    expect((await track(proxied.app, '10.33.9.9', '198.51.100.7')).statusCode).toBe(429);
    expect((await track(proxied.app, '10.33.9.9', '198.51.100.8')).statusCode).toBe(201);
    // Not from the proxy: the header names the exhausted client, the peer's own count is fresh.
    expect((await track(proxied.app, '10.33.0.2', '198.51.100.7')).statusCode).toBe(201);
  });

  it('is also what the MCP face advertises its URL from: a client cannot rename the service', async () => {
    const metadata = (app: TestApp['app'], remoteAddress: string) =>
      app.inject({ method: 'GET', url: '/.well-known/oauth-protected-resource/mcp', remoteAddress, headers: { host: 'api.internal:3000', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' } });
    expect((await metadata(t.app, '10.33.0.3')).json().resource).toBe('http://api.internal:3000/mcp');
    expect((await metadata(proxied.app, '10.33.9.9')).json().resource).toBe('https://evil.example/mcp');
  });

  it('refuses a TRUSTED_PROXIES entry that is not an address or a CIDR', () => {
    for (const bad of ['proxy.example.com', '10.0.0.0/33', '10.0.0.1/8/1', '*']) expect(() => loadConfig({ TRUSTED_PROXIES: bad })).toThrow(ConfigError);
    expect(loadConfig({ TRUSTED_PROXIES: '10.0.0.1, 10.1.0.0/16,fd00::/8,loopback' }).TRUSTED_PROXIES).toEqual(['10.0.0.1', '10.1.0.0/16', 'fd00::/8', 'loopback']);
    expect(loadConfig({}).TRUSTED_PROXIES).toEqual([]);
  });
});

describe('routes anyone may call are refused past their limit', () => {
  const calls: [string, string, string, unknown][] = [
    ['POST', '/free-tools/run', '10.33.1.1', { tool_slug: 'word-count', input: { text: 'a b c' } }],
    ['POST', '/tools/selection-log', '10.33.1.2', { tool_name: 'echo', server: 'everything' }],
    ['POST', '/query/log', '10.33.1.3', { query: 'add two numbers' }],
    ['POST', '/recommender', '10.33.1.4', { query: 'add two numbers' }],
    ['POST', '/agent/execute', '10.33.1.5', { query: 'add two numbers', mode: 'plan' }],
  ];
  it.each(calls)('%s %s', async (method, url, remoteAddress, payload) => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 4; i++) {
      last = await t.app.inject({ method: method as 'POST', url, payload: payload as object, remoteAddress });
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 3).every((s) => s < 300), `${statuses}`).toBe(true);
    expect(statuses[3]).toBe(429);
    expect(last?.json().error).toMatchObject({ code: 'RATE_LIMITED', retry_after: expect.any(Number) });
  });
});

describe('POST /v2/index_tools', () => {
  const tools = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => ({ name: `${prefix}${i}`, server: 'mine', description: `widget ${i}` }));

  it('counts in the indexing scope', async () => {
    const user = await t.createUser({ plan: 'free' });
    // The default 10 a minute (RATE_LIMITS cannot name the scope before it exists), all 11 in
    // one minute: t's clock stands still.
    // Tools that fail validation: counted and answered without staging anything.
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await t.app.inject({ method: 'POST', url: '/v2/index_tools', headers: user.headers, payload: { tools: [{}] } })).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 200), `${statuses}`).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("refuses a call that would take a user's tools past the plan's total, before staging any", async () => {
    const free = await t.createUser({ plan: 'free' });
    const index = (headers: Record<string, string>, payload: unknown) => t.app.inject({ method: 'POST', url: '/v2/index_tools', headers, payload: payload as object });
    // Over 500 tools: 202 once staged (no worker here, so nothing is embedded).
    const first = await index(free.headers, { tools: tools(600, 'a') });
    expect(first.statusCode, first.body).toBe(202);
    const over = await index(free.headers, { tools: tools(500, 'b') });
    expect(over.statusCode, over.body).toBe(400);
    expect(over.json().error).toMatchObject({ code: 'PLAN_LIMIT_EXCEEDED', details: { plan: 'free', limit: 1000, current_count: 600, upgrade_to: 'pro' } });
    const [staged] = await t.db.select({ n: count() }).from(searchDocuments).where(eq(searchDocuments.ownerUserId, free.user.id));
    expect(staged?.n).toBe(600);
    // The same tools again add nothing to the total; a pro user's allowance is larger.
    const pro = await t.createUser({ plan: 'pro' });
    const proCall = await index(pro.headers, { tools: tools(1_100, 'c') });
    expect(proCall.statusCode, proCall.body).toBe(202);
    // Two calls at once cannot both pass a total only one of them fits in.
    const racer = await t.createUser({ plan: 'free' });
    const racing = await Promise.all([index(racer.headers, { tools: tools(600, 'd') }), index(racer.headers, { tools: tools(600, 'e') })]);
    expect(racing.map((r) => r.statusCode).sort()).toEqual([202, 400]);
    const winner = racing.find((r) => r.statusCode === 202);
    for (const answer of [first, proCall, winner]) await t.temporal.client.workflow.getHandle(answer?.json().workflow_id).terminate('test cleanup');
  });
});

describe('webhooks', () => {
  const create = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/webhooks', headers, payload: { url: 'https://1.1.1.1/hook', events: ['job.queued'] } });

  it("refuses a subscription past the plan's number", async () => {
    const user = await t.createUser({ plan: 'free' });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const created = await create(user.headers);
      expect(created.statusCode, created.body).toBe(201);
      ids.push(created.json().id);
    }
    const refused = await create(user.headers);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'PLAN_LIMIT_EXCEEDED', details: { plan: 'free', limit: 5, current_count: 5 } });
    // Concurrent creations cannot both take the last place.
    expect((await t.app.inject({ method: 'DELETE', url: `/webhooks/${ids[0]}`, headers: user.headers })).statusCode).toBe(204);
    const racing = await Promise.all([create(user.headers), create(user.headers), create(user.headers)]);
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 400, 400]);
  });
});

describe('webhook fan-out', () => {
  let exec: TestApp;
  let idle: Awaited<ReturnType<typeof buildApp>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    // The receiver listens on loopback, which only an explicit setting allows.
    exec = await createExecutionApp({ ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' });
    receiver = await startReceiver({ failFirst: 0 });
    // A second API on the same database whose task queue no worker polls: what it started
    // inside the request stays exactly as the request left it.
    const deps = assembleAppDeps({ config: exec.config, secrets: { adminKey: TEST_ADMIN_KEY, jwtSecret: TEST_JWT_SECRET, credentialsKey: exec.config.CREDENTIALS_KEY! }, db: exec.db, temporal: exec.temporal, taskQueue: `${exec.taskQueue}idle`, search: exec.search, logger: createLogger('silent') });
    idle = await buildApp(deps, createLogger('silent'));
    await idle.ready();
  }, 120_000);
  afterAll(async () => {
    await idle?.close();
    await exec?.close();
    await receiver?.close();
  });

  it('an event raised in a request starts one workflow, whatever the number of subscriptions; the worker delivers to each', async () => {
    const user = await exec.createUser({ plan: 'pro' });
    for (let i = 0; i < 20; i++) {
      const created = await exec.app.inject({ method: 'POST', url: '/webhooks', headers: user.headers, payload: { url: receiver.url, events: ['job.queued'] } });
      expect(created.statusCode, created.body).toBe(201);
    }
    const submit = (app: TestApp['app']) => app.inject({ method: 'POST', url: '/jobs/submit', headers: user.headers, payload: { tool: 'echo', arguments: { message: 'fan' } } });
    const queuedEvents = () => exec.db.select({ id: events.id }).from(events).where(and(eq(events.userId, user.user.id), eq(events.kind, 'job.queued')));

    const held = await submit(idle);
    expect(held.statusCode, held.body).toBeLessThan(300);
    const [queued] = await queuedEvents();
    // Before: 20 delivery rows written and 20 delivery workflows started before the answer.
    const [rows] = await exec.db.select({ n: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.eventId, queued?.id as string));
    expect(rows?.n).toBe(0);
    const fanOut = exec.temporal.client.workflow.getHandle(`webhook-fanout-${queued?.id}`);
    expect((await fanOut.describe()).type).toBe('webhookFanOutWorkflow');
    await fanOut.terminate('test cleanup');
    await exec.temporal.client.workflow.getHandle(held.json().job_id).terminate('test cleanup').catch(() => undefined);

    // With a worker: one delivery per subscription, each its own request to the receiver.
    const delivered = await submit(exec.app);
    expect(delivered.statusCode, delivered.body).toBeLessThan(300);
    const second = (await queuedEvents()).find((e) => e.id !== queued?.id);
    await until(async () => receiver.received.filter((r) => r.id === second?.id).length >= 20, 60_000, 200);
    expect(receiver.received.filter((r) => r.id === second?.id)).toHaveLength(20);
  });
});

describe('selection feedback', () => {
  let d: DiscoveryApp;
  beforeAll(async () => {
    d = await discoveryApp('embedded', { worker: false });
    await seedRegistry(d.db, d.search, CATALOG);
  }, 120_000);
  afterAll(async () => d?.close());

  // A different query each time: identical ones may be answered from the results cache.
  let asked = 0;
  const queries = ['list database tables', 'list the tables of a database', 'tables of a database schema', 'show the tables in my database'];
  const successRate = async (headers: Record<string, string>) => {
    const res = await d.app.inject({ method: 'GET', url: `/v2/retrieve_tools?query=${encodeURIComponent(queries[asked++] as string)}`, headers });
    const tool = (res.json().tools as { name: string; success_rate: number }[]).find((t) => t.name === 'list_tables');
    expect(tool, res.body).toBeDefined();
    return tool?.success_rate as number;
  };
  const reject = (headers: Record<string, string>) =>
    d.app.inject({ method: 'POST', url: '/tools/selection-log', headers, remoteAddress: '10.33.2.1', payload: { tool_name: 'list_tables', server: 'postgres', action: 'rejected' } });

  it('moves the success rate ranking reads by one vote per signed-in user, never by anonymous calls', async () => {
    const a = await d.createUser({ plan: 'enterprise' });
    const b = await d.createUser({ plan: 'enterprise' });
    const neutral = await successRate(a.headers);
    for (let i = 0; i < 3; i++) expect((await reject({})).statusCode).toBe(201);
    expect(await successRate(a.headers)).toBe(neutral);
    for (let i = 0; i < 3; i++) expect((await reject(a.headers)).statusCode).toBe(201);
    const oneVote = await successRate(a.headers);
    expect(oneVote).toBeLessThan(neutral);
    expect((await reject(b.headers)).statusCode).toBe(201);
    expect(await successRate(a.headers)).toBeLessThan(oneVote);
  });
});

describe('agent runs', () => {
  let agentApp: TestApp;
  beforeAll(async () => {
    // A model endpoint is configured (nothing listens there: the refusal comes before any call).
    agentApp = await createTestApp({ worker: false, env: { LLM_BASE_URL: 'http://127.0.0.1:9/v1', LLM_MODEL: 'stand-in' } });
  }, 120_000);
  afterAll(async () => agentApp?.close());

  const run = (headers: Record<string, string>, max_tokens: number) =>
    agentApp.app.inject({ method: 'POST', url: '/agent/execute', headers, payload: { query: 'echo hi', mode: 'execute', max_tokens, wait_ms: 0 } });

  it("refuses max_tokens above the plan's cap", async () => {
    const free = await agentApp.createUser({ plan: 'free' });
    const refused = await run(free.headers, 1_000_000);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'PLAN_LIMIT_EXCEEDED', details: { plan: 'free', limit: 50_000, upgrade_to: 'pro' } });
    const pro = await agentApp.createUser({ plan: 'pro' });
    expect((await run(pro.headers, 200_001)).json().error).toMatchObject({ code: 'PLAN_LIMIT_EXCEEDED', details: { plan: 'pro', limit: 200_000 } });
    // At the cap the run starts.
    const started = await run(free.headers, 50_000);
    expect(started.statusCode, started.body).toBe(202);
    await agentApp.temporal.client.workflow.getHandle(started.json().run_id).terminate('test cleanup');
  });
});
