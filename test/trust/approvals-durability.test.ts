import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../execution/helpers/setup.ts';
import { freePorts } from '../support/processes.ts';
import type { TestApp } from '../support/test-app.ts';
import { addRiskyServer, RISKY_SERVER, startProcessRig } from './helpers/approvals.ts';

type Json = Record<string, any>;

// Issue 37, item 3: calls wait for their owner across a restart of every process. The worker
// and the API run as `npm run worker` / `npm run api` and are killed with SIGKILL while two
// calls wait; after the restart one is approved (it runs once) and one denied (never runs).
describe('a waiting call survives a restart of the worker and the API', { timeout: 400_000 }, () => {
  let rig: Awaited<ReturnType<typeof startProcessRig>>;
  let t: TestApp;
  let upstream: Awaited<ReturnType<typeof startProcessRig>>['upstream'];

  beforeAll(async () => {
    rig = await startProcessRig({ ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' });
    ({ t, upstream } = rig);
  }, 300_000);
  afterAll(async () => rig?.close());

  it('runs the approved call once and never the denied one', async () => {
    const owner = await t.createUser({ plan: 'pro' });
    await addRiskyServer(t, upstream.mcpUrl, [owner.headers]);
    const [free] = await freePorts(1, { from: 24_000, to: 24_999 });
    const port = String(free);
    const base = `http://127.0.0.1:${port}`;
    const headers = { ...owner.headers, 'content-type': 'application/json' };
    const api = await rig.start('api', { PORT: port });
    const call = async (b: number) => {
      const res = await fetch(`${base}/v1/execute_tool`, { method: 'POST', headers, body: JSON.stringify({ tool_name: `${RISKY_SERVER}/wipe_records`, params: { a: 1, b } }) });
      expect(res.status).toBe(409);
      return ((await res.json()) as Json).error.details as { approval_id: string; job_id: string };
    };
    const kept = await call(1);
    const refused = await call(2);

    await rig.killAll();
    expect(api.pid).toBeGreaterThan(0);
    await rig.start('worker');
    await rig.start('api', { PORT: port });
    expect(upstream.state.calls).toEqual([]);

    const pending = (await (await fetch(`${base}/call_approvals?status=pending`, { headers })).json()) as Json;
    expect(pending.approvals.map((a: Json) => a.id).sort()).toEqual([kept.approval_id, refused.approval_id].sort());
    expect((await fetch(`${base}/call_approvals/${kept.approval_id}/approve`, { method: 'POST', headers: owner.headers })).status).toBe(200);
    expect((await fetch(`${base}/call_approvals/${refused.approval_id}/deny`, { method: 'POST', headers: owner.headers })).status).toBe(200);
    const final = (id: string) =>
      until(async () => {
        const j = (await (await fetch(`${base}/jobs/${id}`, { headers })).json()) as Json;
        return ['completed', 'failed', 'canceled'].includes(j.status) ? j : undefined;
      }, 60_000, 250);
    expect(await final(kept.job_id)).toMatchObject({ status: 'completed', result: { content: [{ text: 'ran wipe_records' }] } });
    expect(await final(refused.job_id)).toMatchObject({ status: 'canceled' });
    expect(upstream.state.calls).toEqual([{ name: 'wipe_records', arguments: { a: 1, b: 1 } }]);
  });
});
