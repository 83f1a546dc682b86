import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolRuns } from '../../db/schema/index.ts';
import { addServerEverything, registerSearchAttributes, until } from '../execution/helpers/setup.ts';
import { startProcess } from '../execution/helpers/processes.ts';
import type { ServiceProcess } from '../execution/helpers/processes.ts';
import { elasticsearchUrl } from '../support/services.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { answers, callsTools, ModelStandIn, offered } from './helpers/model-stand-in.ts';

// A worker killed mid-run (SIGKILL, the production shape `npm run worker`): the run resumes on
// another worker from its history and never calls a finished tool call again.
// Each worker process boots the whole service: slow on a loaded machine.
describe('agent run durability', { timeout: 400_000 }, () => {
  let t: TestApp;
  let model: ModelStandIn;
  const processes: ServiceProcess[] = [];
  let llmEnv: Record<string, string>;
  const start = async () => {
    const p = await startProcess('worker', t, llmEnv);
    processes.push(p);
    return p;
  };

  beforeAll(async () => {
    model = await new ModelStandIn().start();
    // One Elasticsearch index for the test's API and the worker process: the worker indexes
    // server-everything's tools, the API retrieves them for the run.
    llmEnv = { LLM_BASE_URL: model.url, LLM_MODEL: 'stand-in-model', SEARCH_BACKEND: 'elasticsearch', ELASTICSEARCH_URL: elasticsearchUrl(), ELASTICSEARCH_INDEX: `agent-durable-${randomBytes(4).toString('hex')}` };
    t = await createTestApp({ worker: false, env: llmEnv });
    await registerSearchAttributes(t.temporal.client, t.temporal.namespace);
    await start();
    await addServerEverything(t);
  }, 300_000);
  afterAll(async () => {
    for (const p of processes) await p.kill();
    await t?.close();
    await model?.close();
    // The test's own index (and its alias targets), as the scale-out tests leave no index behind.
    await fetch(`${elasticsearchUrl()}/${llmEnv.ELASTICSEARCH_INDEX}*`, { method: 'DELETE' }).catch(() => undefined);
  });

  it('resumes a run whose worker was killed while the model thought, without calling the tool again', async () => {
    const marker = '[durable-1]';
    model.script(marker, (request, n) => {
      if (n === 0) return callsTools([[offered(request, 'echo'), { message: 'only once' }]]);
      // The second model call hangs on the first worker (killed meanwhile); its retry is answered.
      if (n === 1) return { ...answers('never sent'), delayMs: 300_000 };
      return answers('echoed once');
    });
    const user = await t.createUser();
    const started = await t.app.inject({ method: 'POST', url: '/agent/execute', headers: user.headers, payload: { query: `echo a message ${marker}`, mode: 'execute', wait_ms: 0 } });
    expect(started.statusCode).toBe(202);
    const runId = started.json().run_id as string;
    const runNow = async () => (await t.app.inject({ method: 'GET', url: `/agent/runs/${runId}`, headers: user.headers })).json();
    await until(async () => {
      if (model.requestsOf(marker).length >= 2) return true;
      const now = await runNow();
      if (now.status !== 'running') throw new Error(`the run ended before the kill: ${JSON.stringify(now)}`);
      return false;
    }, 60_000, 100);
    await processes.shift()?.kill();
    await start();
    const run = await until(async () => {
      const r = (await t.app.inject({ method: 'GET', url: `/agent/runs/${runId}`, headers: user.headers })).json();
      return r.status !== 'running' && r;
    }, 90_000, 250);
    expect(run).toMatchObject({ status: 'completed', answer: 'echoed once', steps_used: 2 });
    const tools = (run.transcript as { kind: string; arguments?: unknown }[]).filter((s) => s.kind === 'tool');
    expect(tools).toEqual([expect.objectContaining({ arguments: { message: 'only once' }, status: 'completed' })]);
    // The tool ran once (one history row, one child run); the model call under way ran again.
    const history = await t.db.select().from(toolRuns).where(eq(toolRuns.userId, user.user.id));
    expect(history).toHaveLength(1);
    expect(model.requestsOf(marker)).toHaveLength(3);
    const events = (await t.temporal.client.workflow.getHandle(runId).fetchHistory()).events ?? [];
    expect(events.filter((e) => e.startChildWorkflowExecutionInitiatedEventAttributes)).toHaveLength(1);
  });
});
