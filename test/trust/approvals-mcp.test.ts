import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CallToolResultSchema, CreateTaskResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, listen, textOf } from '../mcp-face/helpers.ts';
import { until } from '../execution/helpers/setup.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { addRiskyServer, RISKY_SERVER, riskyTools } from './helpers/approvals.ts';
import { startMutableServer } from './helpers/mutable-server.ts';

// Issue 37, item 3 over MCP: a call that waits for its owner is a task that stays
// input_required until approved, then completes; without tasks, a tool error naming the approval.
describe('/mcp: a call that waits for approval', { timeout: 120_000 }, () => {
  let t: TestApp;
  let upstream: Awaited<ReturnType<typeof startMutableServer>>;
  let owner: Awaited<ReturnType<TestApp['createUser']>>;
  let client: Client;
  const wipes = () => upstream.state.calls.filter((c) => c.name === 'wipe_records').length;

  beforeAll(async () => {
    t = await createTestApp({ env: { ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' } });
    owner = await t.createUser({ plan: 'pro' });
    upstream = await startMutableServer(riskyTools());
    await addRiskyServer(t, upstream.mcpUrl, [owner.headers]);
    client = await connect(await listen(t, 27463), owner.apiKey, { tasks: { list: {}, cancel: {} } });
  }, 120_000);
  afterAll(async () => {
    await client?.close();
    await upstream?.close();
    await t?.close();
  });

  it('answers a plain tools/call at once with a tool error naming the approval and how to give it', async () => {
    const result = await client.callTool({ name: 'execute_tool', arguments: { tool_name: `${RISKY_SERVER}/wipe_records`, params: { a: 1, b: 2 } } });
    expect(result.isError).toBe(true);
    const text = textOf(result);
    expect(text).toMatch(/^APPROVAL_REQUIRED: /);
    const [, approvalId] = /approvals approve ([0-9a-f-]{36})/.exec(text) ?? [];
    expect(approvalId).toBeDefined();
    expect(text).toContain(`/call_approvals/${approvalId}/approve`);
    expect(wipes()).toBe(0);
  });

  it('keeps a task input_required until its owner approves, then completes it', async () => {
    const created = await client.request(
      { method: 'tools/call', params: { name: 'execute_tool', arguments: { tool_name: `${RISKY_SERVER}/wipe_records`, params: { a: 3, b: 4 } }, task: { ttl: 60_000 } } },
      CreateTaskResultSchema,
    );
    const taskId = created.task.taskId;
    const waiting = await until(async () => {
      const task = await client.experimental.tasks.getTask(taskId);
      return task.status === 'input_required' ? task : undefined;
    }, 20_000);
    expect(waiting.statusMessage).toMatch(/waiting for your approval of risky-http\/wipe_records/);
    const approval = ((await t.app.inject({ method: 'GET', url: '/call_approvals?status=pending', headers: owner.headers })).json().approvals as { id: string; run_id: string }[]).find((a) => a.run_id === taskId);
    expect(approval).toBeDefined();
    expect(waiting.statusMessage).toContain(approval!.id);
    expect(wipes()).toBe(0);

    expect((await t.app.inject({ method: 'POST', url: `/call_approvals/${approval!.id}/approve`, headers: owner.headers })).statusCode).toBe(200);
    const result = await client.experimental.tasks.getTaskResult(taskId, CallToolResultSchema, { timeout: 60_000 });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toContain('ran wipe_records');
    expect((await client.experimental.tasks.getTask(taskId)).status).toBe('completed');
    expect(wipes()).toBe(1);
  });
});
