import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideCall } from '../../domain/trust/call-policy.ts';
import { until } from '../execution/helpers/setup.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { addRiskyServer, RISKY_SERVER, riskyTools } from './helpers/approvals.ts';
import { startMutableServer } from './helpers/mutable-server.ts';
import { startReceiver, verifySignature } from '../webhooks/receiver.ts';

type Json = Record<string, any>;

describe('the call policy decides by annotation, then server, then tool', () => {
  it('asks for destructive tools only, and lets the user override either way', () => {
    expect(decideCall({ destructiveHint: true }, {}).decision).toBe('ask');
    // Read-only wins over a destructive claim: it changes nothing.
    expect(decideCall({ readOnlyHint: true, destructiveHint: true }, {}).decision).toBe('allow');
    expect(decideCall({ openWorldHint: true }, {}).decision).toBe('allow');
    expect(decideCall(null, {}).decision).toBe('allow');
    // Only a literal true counts: a hostile server's "true" string is not a boolean.
    expect(decideCall({ destructiveHint: 'true', readOnlyHint: 'true' }, {}).decision).toBe('allow');
    expect(decideCall({ destructiveHint: true }, { server: 'allow' }).decision).toBe('allow');
    expect(decideCall({ readOnlyHint: true }, { server: 'deny' }).decision).toBe('deny');
    expect(decideCall({ readOnlyHint: true }, { server: 'deny', tool: 'ask' })).toEqual({ decision: 'ask', reason: 'your policy for this tool is ask' });
  });
});

// Issue 37, item 3: a real HTTP MCP server records every call, so a denied, pending or expired
// call is proved never to have reached it.
describe('risky calls wait for a person', { timeout: 120_000 }, () => {
  let t: TestApp;
  let upstream: Awaited<ReturnType<typeof startMutableServer>>;
  let owner: Awaited<ReturnType<TestApp['createUser']>>;
  let stranger: Awaited<ReturnType<TestApp['createUser']>>;

  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: Json) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const callsOf = (tool: string) => upstream.state.calls.filter((c) => c.name === tool);
  const direct = (tool: string, params: Json, headers = owner.headers) => inject('POST', '/v1/execute_tool', headers, { tool_name: `${RISKY_SERVER}/${tool}`, params });
  const job = async (id: string) => (await inject('GET', `/jobs/${id}`, owner.headers)).json() as Json;
  const settled = async (id: string) => {
    await t.temporal.client.workflow.getHandle(id).result().catch(() => undefined);
    return job(id);
  };
  const audit = async (action: string) => ((await inject('GET', `/admin/audit?action=${action}&limit=500`, t.adminHeaders)).json().entries as Json[]);
  const waitingCall = async (tool: string, params: Json) => {
    const res = await direct(tool, params);
    expect(res.statusCode, res.body).toBe(409);
    const error = res.json().error as Json;
    expect(error).toMatchObject({ code: 'APPROVAL_REQUIRED', details: { approval_id: expect.any(String), job_id: expect.any(String), approve: expect.stringMatching(/^\/call_approvals\/.+\/approve$/) } });
    expect(error.message).toContain(error.details.approval_id);
    return error.details as { approval_id: string; job_id: string };
  };

  beforeAll(async () => {
    // Private targets allowed: the test's MCP server listens on 127.0.0.1.
    t = await createTestApp({ env: { ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' } });
    owner = await t.createUser({ plan: 'pro' });
    stranger = await t.createUser({ plan: 'pro' });
    upstream = await startMutableServer(riskyTools());
    await addRiskyServer(t, upstream.mcpUrl, [owner.headers, stranger.headers]);
  }, 120_000);
  afterAll(async () => {
    await upstream?.close();
    await t?.close();
  });

  it('runs read-only, open-world and unannotated tools at once', async () => {
    for (const tool of ['read_records', 'fetch_page', 'add_numbers']) {
      const res = await direct(tool, { a: 1, b: 2 });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(callsOf('read_records')).toHaveLength(1);
  });

  it('refuses bad policy input in the spec\'s error form', async () => {
    for (const payload of [{ server: RISKY_SERVER, decision: 'maybe' }, { server: 'risky http; drop', decision: 'deny' }, { server: RISKY_SERVER, decision: 'deny', extra: 1 }, { decision: 'deny' }, { server: 'x'.repeat(201), decision: 'ask' }]) {
      const res = await inject('PUT', '/call_policies', owner.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'INVALID_REQUEST' });
    }
    expect((await inject('PUT', '/call_policies', owner.headers, { server: 'no-such-server', decision: 'deny' })).statusCode).toBe(404);
    expect((await inject('GET', '/call_approvals?status=waiting', owner.headers)).statusCode).toBe(400);
    expect((await inject('GET', '/call_approvals/not-a-uuid', owner.headers)).statusCode).toBe(400);
    expect((await inject('POST', '/call_approvals/00000000-0000-4000-8000-000000000000/approve', owner.headers)).statusCode).toBe(404);
    // The admin key acts for no user: it has no policies to read.
    expect((await inject('GET', '/call_policies', t.adminHeaders)).statusCode).toBe(403);
    expect((await inject('GET', '/call_policies', {})).statusCode).toBe(401);
  });

  it('refuses a call the user\'s policy denies, and never reaches the server', async () => {
    const set = await inject('PUT', '/call_policies', owner.headers, { server: RISKY_SERVER, tool: 'add_numbers', decision: 'deny' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().policies).toEqual([{ server: RISKY_SERVER, tool: 'add_numbers', decision: 'deny', updated_at: expect.any(String) }]);
    const before = callsOf('add_numbers').length;
    const res = await direct('add_numbers', { a: 5, b: 6 });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'CALL_DENIED', message: expect.stringContaining('your policy for this tool is deny') });
    const submitted = await inject('POST', '/jobs/submit', owner.headers, { tool: `${RISKY_SERVER}/add_numbers`, arguments: { a: 5, b: 6 } });
    expect(submitted.statusCode).toBe(403);
    // Another user's policy is their own.
    expect((await direct('add_numbers', { a: 5, b: 6 }, stranger.headers)).statusCode).toBe(200);
    expect(callsOf('add_numbers').length).toBe(before + 1);
    // default removes the policy: the annotations decide again.
    expect((await inject('PUT', '/call_policies', owner.headers, { server: RISKY_SERVER, tool: 'add_numbers', decision: 'default' })).json().policies).toEqual([]);
    expect((await direct('add_numbers', { a: 5, b: 6 })).statusCode).toBe(200);
  });

  it('holds a destructive call until its owner approves, then runs it once', async () => {
    const before = callsOf('wipe_records').length;
    const { approval_id, job_id } = await waitingCall('wipe_records', { a: 1, b: 987_654 });
    const pending = (await inject('GET', '/call_approvals?status=pending', owner.headers)).json().approvals as Json[];
    expect(pending.find((a) => a.id === approval_id)).toMatchObject({ server: RISKY_SERVER, tool: 'wipe_records', arguments: { a: 1, b: 987_654 }, run_kind: 'job', run_id: job_id, status: 'pending' });
    // Nobody else sees or decides it.
    expect((await inject('GET', '/call_approvals', stranger.headers)).json().approvals).toEqual([]);
    expect((await inject('POST', `/call_approvals/${approval_id}/approve`, stranger.headers)).statusCode).toBe(404);
    expect(await job(job_id)).toMatchObject({ status: 'queued' });
    expect(callsOf('wipe_records').length).toBe(before);

    const approved = await inject('POST', `/call_approvals/${approval_id}/approve`, owner.headers);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', decided_by: `user:${owner.user.id}` });
    expect(await settled(job_id)).toMatchObject({ status: 'completed', result: { content: [{ text: 'ran wipe_records' }] } });
    expect(callsOf('wipe_records').length).toBe(before + 1);
    // A decision is final.
    expect((await inject('POST', `/call_approvals/${approval_id}/deny`, owner.headers)).json().error).toMatchObject({ code: 'CONFLICT', details: { status: 'approved' } });
  });

  it('ends a denied call canceled, without reaching the server', async () => {
    const before = callsOf('wipe_records').length;
    const { approval_id, job_id } = await waitingCall('wipe_records', { a: 2, b: 3 });
    expect((await inject('POST', `/call_approvals/${approval_id}/deny`, owner.headers)).json()).toMatchObject({ status: 'denied' });
    expect(await settled(job_id)).toMatchObject({ status: 'canceled', reason: 'the call was denied by its owner' });
    expect(callsOf('wipe_records').length).toBe(before);
  });

  it('asks for any tool the user set to ask, and a waiting job holds back no job behind it', async () => {
    await inject('PUT', '/call_policies', owner.headers, { server: RISKY_SERVER, decision: 'ask' });
    const { job_id } = await waitingCall('add_numbers', { a: 7, b: 8 });
    await inject('PUT', '/call_policies', owner.headers, { server: RISKY_SERVER, decision: 'default' });
    const next = await inject('POST', '/jobs/submit', owner.headers, { tool: `${RISKY_SERVER}/fetch_page`, arguments: { a: 1, b: 1 } });
    // First in line: the waiting job before it is not counted (it would make this 2).
    expect(next.json()).toMatchObject({ position_in_queue: 1 });
    expect(await settled(next.json().job_id)).toMatchObject({ status: 'completed' });
    expect(await job(job_id)).toMatchObject({ status: 'queued' });
    await inject('DELETE' as 'GET', `/jobs/${job_id}`, owner.headers);
  });

  it('expires a call nobody decided in time, without reaching the server', async () => {
    // The wait is read from the config at each submit: shortened for this one call.
    const config = t.config as { CALL_APPROVAL_WAIT_SECONDS: number };
    const wait = config.CALL_APPROVAL_WAIT_SECONDS;
    config.CALL_APPROVAL_WAIT_SECONDS = 2;
    const before = callsOf('wipe_records').length;
    let waiting: { approval_id: string; job_id: string };
    try {
      waiting = await waitingCall('wipe_records', { a: 4, b: 4 });
    } finally {
      config.CALL_APPROVAL_WAIT_SECONDS = wait;
    }
    expect(await settled(waiting.job_id)).toMatchObject({ status: 'canceled', reason: 'nobody approved the call in time' });
    const row = (await inject('GET', `/call_approvals/${waiting.approval_id}`, owner.headers)).json();
    expect(row).toMatchObject({ status: 'expired', decided_by: 'system' });
    expect((await inject('POST', `/call_approvals/${waiting.approval_id}/approve`, owner.headers)).statusCode).toBe(409);
    expect(callsOf('wipe_records').length).toBe(before);
  });

  it('announces a waiting call by a signed approval.requested webhook with its links, not its argument values', async () => {
    const receiver = await startReceiver({ failFirst: 0 });
    try {
      const created = await inject('POST', '/webhooks', owner.headers, { url: receiver.url, events: ['approval.requested'], description: 'approvals' });
      expect(created.statusCode, created.body).toBe(201);
      const { approval_id } = await waitingCall('wipe_records', { a: 5, b: 424_242 });
      const got = await until(async () => receiver.received.find((r) => r.status === 200 && JSON.parse(r.body).data.approval_id === approval_id), 20_000);
      expect(verifySignature(created.json().secret, got.body, got.signature)).toBe(true);
      const body = JSON.parse(got.body);
      expect(body).toMatchObject({ event: 'approval.requested', data: { server: RISKY_SERVER, tool: 'wipe_records', argument_names: ['a', 'b'], links: { approve: `/call_approvals/${approval_id}/approve` } } });
      expect(got.body).not.toContain('424242');
      await inject('POST', `/call_approvals/${approval_id}/deny`, owner.headers);
    } finally {
      await receiver.close();
    }
  });

  it('audits every request and decision with argument names, never their values', async () => {
    const entries = [...(await audit('call_approval.request')), ...(await audit('call_approval.approve')), ...(await audit('call_approval.deny')), ...(await audit('call_approval.expire'))];
    expect(new Set(entries.map((e) => e.action))).toEqual(new Set(['call_approval.request', 'call_approval.approve', 'call_approval.deny', 'call_approval.expire']));
    const requested = entries.find((e) => e.action === 'call_approval.request' && e.details.argument_names);
    expect(requested).toMatchObject({ actor: { kind: 'user', id: owner.user.id }, target: `${RISKY_SERVER}/wipe_records`, details: { argument_names: ['a', 'b'] } });
    expect(JSON.stringify(entries)).not.toContain('987654');
    expect(await until(async () => (await audit('call_policy.set')).length >= 2, 5_000)).toBe(true);
  });
});
