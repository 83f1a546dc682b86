import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answers, callsTools, ModelStandIn, offered } from '../agent/helpers/model-stand-in.ts';
import { until } from '../execution/helpers/setup.ts';
import { freePorts } from '../support/processes.ts';
import { elasticsearchUrl } from '../support/services.ts';
import type { TestApp } from '../support/test-app.ts';
import { addRiskyServer, startProcessRig } from './helpers/approvals.ts';

type Json = Record<string, any>;

// Issue 37, item 3, agent runs: a run that reaches a destructive tool pauses at that step,
// survives SIGKILL of the worker and the API while it waits, and continues on approval; another
// stops cleanly on denial. The real HTTP MCP server records every call.
describe('an agent run waits for approval of a destructive call', { timeout: 500_000 }, () => {
  let rig: Awaited<ReturnType<typeof startProcessRig>>;
  let t: TestApp;
  let model: ModelStandIn;
  let upstream: Awaited<ReturnType<typeof startProcessRig>>['upstream'];
  let env: Record<string, string>;
  let base: string;
  let port: string;
  const start = (kind: 'worker' | 'api') => rig.start(kind, kind === 'api' ? { PORT: port } : {});
  const wipes = () => upstream.state.calls.filter((c) => c.name === 'wipe_records');

  beforeAll(async () => {
    model = await new ModelStandIn().start();
    // One Elasticsearch index for the API and the worker processes: the worker indexes the
    // server's tools, the API retrieves them for the run.
    env = {
      LLM_BASE_URL: model.url,
      LLM_MODEL: 'stand-in-model',
      SEARCH_BACKEND: 'elasticsearch',
      ELASTICSEARCH_URL: elasticsearchUrl(),
      ELASTICSEARCH_INDEX: `agent-approval-${randomBytes(4).toString('hex')}`,
      ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true',
    };
    rig = await startProcessRig(env);
    ({ t, upstream } = rig);
    port = String((await freePorts(1, { from: 24_000, to: 24_999 }))[0]);
    base = `http://127.0.0.1:${port}`;
  }, 300_000);
  afterAll(async () => {
    await rig?.close();
    await model?.close();
    await fetch(`${elasticsearchUrl()}/${env.ELASTICSEARCH_INDEX}*`, { method: 'DELETE' }).catch(() => undefined);
  });

  it('pauses at the step, survives a restart of both processes, continues on approval and stops on denial', async () => {
    const owner = await t.createUser({ plan: 'pro' });
    await addRiskyServer(t, upstream.mcpUrl, [owner.headers]);
    const headers = { ...owner.headers, 'content-type': 'application/json' };
    for (const marker of ['[approve-1]', '[deny-1]']) {
      model.script(marker, (request, n) => (n === 0 ? callsTools([[offered(request, 'wipe_records'), { a: 1, b: marker.length }]]) : answers(`wiped ${marker}`)));
    }
    await start('api');
    const runOf = async (marker: string) => {
      const res = await fetch(`${base}/agent/execute`, { method: 'POST', headers, body: JSON.stringify({ query: `wipe the records ${marker}`, mode: 'execute', wait_ms: 0 }) });
      expect(res.status, await res.clone().text()).toBe(202);
      return ((await res.json()) as Json).run_id as string;
    };
    const approved = await runOf('[approve-1]');
    const denied = await runOf('[deny-1]');
    const pendingOf = async (runId: string) => {
      const list = (await (await fetch(`${base}/call_approvals?status=pending`, { headers })).json()) as Json;
      return (list.approvals as Json[]).find((a) => a.run_id === runId);
    };
    const first = await until(() => pendingOf(approved), 60_000, 250);
    const second = await until(() => pendingOf(denied), 60_000, 250);
    expect(first).toMatchObject({ run_kind: 'agent', tool: 'wipe_records', arguments: { a: 1, b: 11 } });

    await rig.killAll();
    await start('worker');
    await start('api');
    expect(wipes()).toEqual([]);
    const runNow = async (runId: string) => (await (await fetch(`${base}/agent/runs/${runId}`, { headers })).json()) as Json;
    expect(await runNow(approved)).toMatchObject({ status: 'running' });

    expect((await fetch(`${base}/call_approvals/${first.id}/approve`, { method: 'POST', headers: owner.headers })).status).toBe(200);
    expect((await fetch(`${base}/call_approvals/${second.id}/deny`, { method: 'POST', headers: owner.headers })).status).toBe(200);
    const ended = (runId: string) => until(async () => ((r) => r.status !== 'running' && r)(await runNow(runId)), 90_000, 250);
    expect(await ended(approved)).toMatchObject({ status: 'completed', answer: 'wiped [approve-1]' });
    expect(await ended(denied)).toMatchObject({ status: 'canceled', stop_reason: 'approval_denied', error: { code: 'APPROVAL_DENIED' } });
    expect(wipes()).toEqual([{ name: 'wipe_records', arguments: { a: 1, b: 11 } }]);
  });
});
