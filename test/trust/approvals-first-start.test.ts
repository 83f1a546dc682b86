import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertSyncedEntries } from '../../db/registry/sync.ts';
import type { SyncedEntry } from '../../db/registry/sync.ts';
import { toolPins } from '../../db/schema/index.ts';
import { documentedDefinition } from '../../domain/trust/tool-pin.ts';
import { REGISTRY_REINDEX_WORKFLOW } from '../../contracts/index.ts';
import { answers, callsTools, ModelStandIn, offered } from '../agent/helpers/model-stand-in.ts';
import { registerSearchAttributes, until } from '../execution/helpers/setup.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { riskyTools } from './helpers/approvals.ts';
import { startMutableServer } from './helpers/mutable-server.ts';

type Json = Record<string, any>;

/**
 * A catalog entry of the test server as a registry document keeps it: its tools without their
 * annotations. Its pins are made from that document, so until an instance starts and lists the
 * tools, nothing here knows that `wipe_records` says it is destructive.
 */
function documentedEntry(name: string, mcpUrl: string): SyncedEntry {
  return {
    name,
    displayName: name,
    description: 'records, as a registry documents them',
    version: '1.0.0',
    url: 'https://example.com',
    icon: '',
    category: 'development',
    tags: [],
    launch: { type: 'streamable-http', url: mcpUrl },
    authentication: null,
    rateLimit: null,
    supportedPlatforms: [],
    source: 'catalog',
    toolsSource: 'documentation',
    tools: riskyTools().map((tool) => documentedDefinition(tool)),
  };
}

// Issue 37, item 3: the policy reads the pinned annotations, which a documented pin lacks until
// the server's first listing completes it. The first call of a destructive catalog tool starts
// the instance; it must still wait for its owner, and the server must never see it before then.
describe('the first call of a destructive catalog tool, before any listing', { timeout: 120_000 }, () => {
  let t: TestApp;
  let upstream: Awaited<ReturnType<typeof startMutableServer>>;
  let owner: Awaited<ReturnType<TestApp['createUser']>>;
  let model: ModelStandIn;

  const inject = (method: 'GET' | 'POST', url: string, payload?: Json) => t.app.inject({ method, url, headers: owner.headers, ...(payload ? { payload } : {}) });
  const wipes = () => upstream.state.calls.filter((c) => c.name === 'wipe_records').length;
  const pinnedAnnotations = async (server: string) => {
    const [pin] = await t.db
      .select({ definition: toolPins.definition })
      .from(toolPins)
      .where(and(eq(toolPins.serverName, server), eq(toolPins.toolName, 'wipe_records')));
    if (!pin) throw new Error(`${server}/wipe_records has no pin`);
    return (pin.definition as Json).annotations ?? null;
  };
  const settled = async (jobId: string) => {
    await t.temporal.client.workflow.getHandle(jobId).result().catch(() => undefined);
    return (await inject('GET', `/jobs/${jobId}`)).json() as Json;
  };

  beforeAll(async () => {
    // Private targets allowed: the test's MCP server listens on 127.0.0.1.
    model = await new ModelStandIn().start();
    t = await createTestApp({ env: { ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true', LLM_BASE_URL: model.url, LLM_MODEL: 'stand-in-model' } });
    await registerSearchAttributes(t.temporal.client, t.temporal.namespace);
    // Free: one job slot, so the second job below runs only if the waiting one left its slot.
    owner = await t.createUser({ plan: 'free' });
    upstream = await startMutableServer(riskyTools());
    const servers = ['documented-direct', 'documented-job', 'documented-agent'];
    await upsertSyncedEntries(t.db, servers.map((server) => documentedEntry(server, upstream.mcpUrl)));
    // Ranked for the agent run from the documents alone: indexing lists nothing.
    await t.temporal.client.workflow.execute(REGISTRY_REINDEX_WORKFLOW, { workflowId: `reindex-${Date.now()}`, taskQueue: t.taskQueue, args: [{ servers: ['documented-agent'], removed: false }] });
    for (const server of servers) {
      const toggled = await inject('POST', '/mcp_servers/toggle', { server, enabled: true });
      expect(toggled.statusCode, toggled.body).toBe(200);
    }
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await upstream?.close();
    await model?.close();
  });

  it('a direct call answers 409 APPROVAL_REQUIRED without reaching the server, and runs once approved', async () => {
    expect(await pinnedAnnotations('documented-direct')).toBeNull();

    const res = await inject('POST', '/v1/execute_tool', { tool_name: 'documented-direct/wipe_records', params: { a: 1, b: 2 } });
    expect(res.statusCode, res.body).toBe(409);
    const error = res.json().error as Json;
    expect(error).toMatchObject({ code: 'APPROVAL_REQUIRED', details: { approval_id: expect.any(String), job_id: expect.any(String) } });
    expect(error.message).toContain('destructiveHint');
    // The instance started (its listing completed the pin), and the tool was not called.
    expect(await pinnedAnnotations('documented-direct')).toEqual({ destructiveHint: true });
    expect(wipes()).toBe(0);

    const pending = (await inject('GET', '/call_approvals?status=pending')).json().approvals as Json[];
    expect(pending.map((a) => a.id)).toContain(error.details.approval_id);
    const approved = await inject('POST', `/call_approvals/${error.details.approval_id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await settled(error.details.job_id)).toMatchObject({ status: 'completed' });
    expect(wipes()).toBe(1);
  });

  it('a job goes back to the queue and waits for its owner, its slot freed, and runs once approved', async () => {
    expect(await pinnedAnnotations('documented-job')).toBeNull();
    const before = wipes();

    const submitted = await inject('POST', '/jobs/submit', { tool: 'documented-job/wipe_records', arguments: { a: 3, b: 4 } });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const jobId = submitted.json().job_id as string;
    const approval = await until(async () => ((await inject('GET', '/call_approvals?status=pending')).json().approvals as Json[]).find((a) => a.run_id === jobId), 30_000);
    expect(approval).toMatchObject({ tool: 'wipe_records', run_kind: 'job', reason: expect.stringContaining('destructiveHint') });
    // Asked first, then back in the queue (so no job behind it counts it as ahead).
    await until(async () => ((await inject('GET', `/jobs/${jobId}`)).json() as Json).status === 'queued', 30_000);
    expect(wipes()).toBe(before);

    // The slot it left is free: another job of the owner runs meanwhile (a read-only tool asks nothing).
    const other = await inject('POST', '/jobs/submit', { tool: 'documented-job/read_records', arguments: { a: 1, b: 1 } });
    expect(other.statusCode, other.body).toBe(200);
    expect(await settled(other.json().job_id as string)).toMatchObject({ status: 'completed' });

    const approved = await inject('POST', `/call_approvals/${approval.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await settled(jobId)).toMatchObject({ status: 'completed' });
    expect(wipes()).toBe(before + 1);
  });

  it('an agent run pauses at the step for its owner, and calls the tool once approved', async () => {
    expect(await pinnedAnnotations('documented-agent')).toBeNull();
    const before = wipes();
    const marker = '[first-start]';
    model.script(marker, (request, n) => (n === 0 ? callsTools([[offered(request, 'wipe_records'), { a: 5, b: 6 }]]) : answers(`wiped ${marker}`)));
    const started = await inject('POST', '/agent/execute', { query: `wipe the records ${marker}`, mode: 'execute', wait_ms: 0 });
    expect(started.statusCode, started.body).toBe(202);
    const runId = started.json().run_id as string;

    const approval = await until(async () => ((await inject('GET', '/call_approvals?status=pending')).json().approvals as Json[]).find((a) => a.run_id === runId), 60_000);
    expect(approval).toMatchObject({ server: 'documented-agent', tool: 'wipe_records', run_kind: 'agent', reason: expect.stringContaining('destructiveHint') });
    expect(await pinnedAnnotations('documented-agent')).toEqual({ destructiveHint: true });
    expect(wipes()).toBe(before);

    expect((await inject('POST', `/call_approvals/${approval.id}/approve`)).statusCode).toBe(200);
    const run = await until(async () => {
      const current = (await inject('GET', `/agent/runs/${runId}`)).json() as Json;
      return current.status !== 'running' && current;
    }, 60_000);
    expect(run).toMatchObject({ status: 'completed', answer: `wiped ${marker}` });
    const called = (run.transcript as Json[]).filter((step) => step.kind === 'tool');
    expect(called).toHaveLength(1);
    expect(called[0]).toMatchObject({ tool: 'documented-agent/wipe_records', status: 'completed' });
    expect(wipes()).toBe(before + 1);
  });
});
