import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, toolRuns } from '../../db/schema/index.ts';
import { createExecutionApp, until } from '../execution/helpers/setup.ts';
import { parseSse } from '../execution/helpers/sse.ts';
import { connect, listen, textOf as mcpText } from '../mcp-face/helpers.ts';
import type { TestApp } from '../support/test-app.ts';
import { answers, callsTools, ModelStandIn, offered } from './helpers/model-stand-in.ts';

// Agent runs for real (issue 15): real Temporal, Postgres, worker and server-everything; the
// model is the one double, a local HTTP server speaking chat-completions with scripted answers.

let t: TestApp;
let model: ModelStandIn;

beforeAll(async () => {
  model = await new ModelStandIn().start();
  t = await createExecutionApp({ LLM_BASE_URL: model.url, LLM_API_KEY: 'sk-stand-in-key', LLM_MODEL: 'stand-in-model' });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await model?.close();
});

const TASK = 'echo a message and get the sum of two numbers';

async function execute(headers: Record<string, string>, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/agent/execute', headers, payload: { mode: 'execute', wait_ms: 45_000, ...payload } });
}

async function finished(headers: Record<string, string>, runId: string) {
  return until(async () => {
    const run = (await t.app.inject({ method: 'GET', url: `/agent/runs/${runId}`, headers })).json();
    return run.status !== 'running' && run;
  }, 45_000);
}

type Step = { kind: string; tool?: string; arguments?: unknown; status?: string; result?: { content?: { text?: string }[] }; error?: { code: string; message: string } };
const textOf = (step: Step) => step.result?.content?.map((c) => c.text).join('') ?? '';

describe('POST /agent/execute runs a task to its end', () => {
  it('calls echo and get-sum with the arguments the model chose, and the transcript shows them', async () => {
    const marker = '[run-1]';
    model.script(marker, (request, n) => {
      if (n === 0) return callsTools([[offered(request, 'echo'), { message: 'hi from the agent' }], [offered(request, 'get-sum'), { a: 2, b: 40 }]]);
      const results = request.messages.filter((m) => m.role === 'tool').map((m) => m.content ?? '');
      if (!results.some((r) => r.includes('Echo: hi from the agent')) || !results.some((r) => r.includes('42'))) throw new Error(`results not fed back: ${results.join(' | ')}`);
      return answers('The echo said hi and the sum is 42');
    });
    const u = await t.createUser();
    const res = await execute(u.headers, { query: `${TASK} ${marker}` });
    expect(res.statusCode).toBe(200);
    const run = res.json();
    expect(run).toMatchObject({ status: 'completed', stop_reason: 'answered', answer: 'The echo said hi and the sum is 42', model: 'stand-in-model', steps_used: 2 });
    expect(run.tokens).toEqual({ input: 250, output: 30, total: 280 });
    const steps = run.transcript as Step[];
    expect(steps.map((s) => s.kind)).toEqual(['model', 'tool', 'tool', 'model']);
    expect(steps[1]).toMatchObject({ tool: 'everything/echo', arguments: { message: 'hi from the agent' }, status: 'completed' });
    expect(textOf(steps[1] as Step)).toBe('Echo: hi from the agent');
    expect(steps[2]).toMatchObject({ tool: 'everything/get-sum', arguments: { a: 2, b: 40 }, status: 'completed' });
    expect(textOf(steps[2] as Step)).toContain('42');
    // The model was offered tools as chat-completions functions with their JSON Schemas, and got the key.
    const first = model.requestsOf(marker)[0];
    for (const tool of first?.tools ?? []) expect(tool.function.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    expect(first?.tools?.find((f) => f.function.name.endsWith('__get-sum'))?.function.parameters).toMatchObject({ type: 'object', properties: { a: {}, b: {} } });
    expect(model.authorizations).toContain('Bearer sk-stand-in-key');
    // Each call ran as a direct tool run: history rows under child ids, found by the run's search attribute.
    const history = await t.db.select().from(toolRuns).where(eq(toolRuns.userId, u.user.id));
    expect(history.map((h) => h.tool).sort()).toEqual(['echo', 'get-sum']);
    const children: string[] = [];
    for await (const w of t.temporal.client.workflow.list({ query: `SwitchboardRun="${run.run_id}"` })) children.push(w.workflowId);
    expect(children.sort()).toEqual([run.run_id, `${run.run_id}-s1-c1`, `${run.run_id}-s1-c2`].sort());
    // The webhook event of the ending, and the tokens in the user's usage.
    const [event] = await t.db.select().from(events).where(and(eq(events.userId, u.user.id), eq(events.kind, 'agent.run.completed')));
    expect(event?.data).toMatchObject({ run_id: run.run_id, status: 'completed', tokens: { input: 250, output: 30 } });
    const limits = await t.app.inject({ method: 'GET', url: '/billing/user-limits', headers: u.headers });
    expect(limits.json().usage.agent_tokens_this_month).toBe(280);
  });

  it('feeds a tool error back to the model, which recovers', async () => {
    const marker = '[run-2]';
    model.script(marker, (request, n) => {
      const sum = offered(request, 'get-sum');
      if (n === 0) return callsTools([[sum, { a: 'two', b: 3 }]]);
      if (n === 1) {
        const said = request.messages.at(-1)?.content ?? '';
        if (!said.includes('INVALID_ARGUMENTS')) throw new Error(`error not fed back: ${said}`);
        return callsTools([[sum, { a: 2, b: 3 }]]);
      }
      return answers('5');
    });
    const u = await t.createUser();
    const run = (await execute(u.headers, { query: `${TASK} ${marker}` })).json();
    expect(run).toMatchObject({ status: 'completed', answer: '5', steps_used: 3 });
    const tools = (run.transcript as Step[]).filter((s) => s.kind === 'tool');
    expect(tools[0]).toMatchObject({ status: 'failed', arguments: { a: 'two', b: 3 }, error: { code: 'INVALID_ARGUMENTS' } });
    expect(tools[1]).toMatchObject({ status: 'completed', arguments: { a: 2, b: 3 } });
    expect(textOf(tools[1] as Step)).toContain('5');
  });

  it('stops at the step limit without running the last turn\'s calls', async () => {
    const marker = '[run-3]';
    model.script(marker, (request, n) => callsTools([[offered(request, 'echo'), { message: `round ${n}` }]]));
    const u = await t.createUser();
    const run = (await execute(u.headers, { query: `${TASK} ${marker}`, max_steps: 2 })).json();
    expect(run).toMatchObject({ status: 'failed', stop_reason: 'step_limit', steps_used: 2, answer: null, error: { code: 'AGENT_STEP_LIMIT' } });
    expect((run.transcript as Step[]).map((s) => s.kind)).toEqual(['model', 'tool', 'model']);
    expect(model.requestsOf(marker)).toHaveLength(2);
    const [event] = await t.db.select().from(events).where(and(eq(events.userId, u.user.id), eq(events.kind, 'agent.run.failed')));
    expect(event?.data).toMatchObject({ run_id: run.run_id, stop_reason: 'step_limit' });
  });

  it('stops at the token budget', async () => {
    const marker = '[run-3b]';
    model.script(marker, (request) => callsTools([[offered(request, 'echo'), { message: 'costly' }]], { prompt_tokens: 900, completion_tokens: 200 }));
    const u = await t.createUser();
    const run = (await execute(u.headers, { query: `${TASK} ${marker}`, max_tokens: 1000 })).json();
    expect(run).toMatchObject({ status: 'failed', stop_reason: 'token_limit', tokens: { total: 1100 } });
    expect((run.transcript as Step[]).filter((s) => s.kind === 'tool')).toHaveLength(0);
  });

  it('stops at its time limit, even in the middle of a model call', async () => {
    const marker = '[run-3c]';
    model.script(marker, () => ({ ...answers('too slow'), delayMs: 20_000 }));
    const u = await t.createUser();
    const run = (await execute(u.headers, { query: `${TASK} ${marker}`, time_limit_ms: 1_500 })).json();
    expect(run).toMatchObject({ status: 'failed', stop_reason: 'time_limit', error: { code: 'AGENT_TIME_LIMIT' } });
  });

  it('retries a model endpoint that answers 500 twice, then goes on', async () => {
    const marker = '[run-4]';
    model.script(marker, (_request, n) => (n < 2 ? { status: 500, body: { error: { message: 'overloaded' } } } : answers('fine now')));
    const u = await t.createUser();
    const run = (await execute(u.headers, { query: `${TASK} ${marker}` })).json();
    expect(run).toMatchObject({ status: 'completed', answer: 'fine now', steps_used: 1 });
    expect(model.requestsOf(marker)).toHaveLength(3);
  });

  it('does not retry a 4xx of the model endpoint: the run fails with its words', async () => {
    const marker = '[run-5]';
    model.script(marker, () => ({ status: 400, body: { error: { message: 'model does not exist' } } }));
    const u = await t.createUser();
    const run = (await execute(u.headers, { query: `${TASK} ${marker}` })).json();
    expect(run).toMatchObject({ status: 'failed', stop_reason: 'model_error', error: { code: 'MODEL_ERROR' } });
    expect(run.error.message).toContain('model does not exist');
    expect(model.requestsOf(marker)).toHaveLength(1);
  });

  it('answers 202 when the run outlives wait_ms, and cancels it', async () => {
    const marker = '[run-6]';
    model.script(marker, () => ({ ...answers('too late'), delayMs: 60_000 }));
    const u = await t.createUser();
    const started = await execute(u.headers, { query: `${TASK} ${marker}`, wait_ms: 0 });
    expect(started.statusCode).toBe(202);
    const runId = started.json().run_id as string;
    expect(started.json()).toMatchObject({ status: 'running', stop_reason: null });
    await until(async () => model.requestsOf(marker).length > 0);
    // A second run waits for the free plan's one slot.
    const second = await execute(u.headers, { query: `${TASK} ${marker}`, wait_ms: 0 });
    expect(second.statusCode).toBe(429);
    expect(second.json().error.details).toMatchObject({ scope: 'concurrency', plan: 'free' });
    // A job waits for the same slot, and runs once the run has ended.
    const job = (await t.app.inject({ method: 'POST', url: '/jobs/submit', headers: u.headers, payload: { tool: 'echo', arguments: { message: 'after the run' } } })).json();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await t.app.inject({ method: 'GET', url: `/jobs/${job.job_id}`, headers: u.headers })).json().status).toBe('queued');
    const canceled = await t.app.inject({ method: 'DELETE', url: `/agent/runs/${runId}`, headers: u.headers });
    expect(canceled.statusCode).toBe(200);
    const run = await finished(u.headers, runId);
    expect(run).toMatchObject({ status: 'canceled', stop_reason: 'canceled', answer: null });
    const ran = await until(async () => {
      const j = (await t.app.inject({ method: 'GET', url: `/jobs/${job.job_id}`, headers: u.headers })).json();
      return j.status === 'completed' && j;
    }, 30_000, 200);
    expect(ran.result).toMatchObject({ content: [{ text: 'Echo: after the run' }] });
    const again = await t.app.inject({ method: 'DELETE', url: `/agent/runs/${runId}`, headers: u.headers });
    expect(again.statusCode).toBe(409);
  });

  it('streams a run\'s steps and its ending as Server-Sent Events', async () => {
    const marker = '[run-7]';
    model.script(marker, (request, n) => (n === 0 ? callsTools([[offered(request, 'echo'), { message: 'streamed' }]]) : answers('streamed back')));
    const u = await t.createUser();
    const run = (await execute(u.headers, { query: `${TASK} ${marker}` })).json();
    const res = await t.app.inject({ method: 'GET', url: `/agent/runs/${run.run_id}/stream`, headers: u.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    const sse = parseSse(res.body);
    expect(sse.map((e) => e.event)).toEqual(['step', 'step', 'step', 'run']);
    expect(sse.map((e) => e.id)).toEqual(['0', '1', '2', undefined]);
    expect(JSON.parse(sse[1]?.data ?? '{}')).toMatchObject({ kind: 'tool', tool: 'everything/echo', arguments: { message: 'streamed' } });
    expect(JSON.parse(sse[3]?.data ?? '{}')).toMatchObject({ run_id: run.run_id, status: 'completed', answer: 'streamed back' });
    // Reconnecting after step 1 gets only what it lacks.
    const resumed = parseSse((await t.app.inject({ method: 'GET', url: `/agent/runs/${run.run_id}/stream`, headers: { ...u.headers, 'last-event-id': '1' } })).body);
    expect(resumed.map((e) => e.id)).toEqual(['2', undefined]);
  });
});

describe('agent run errors', () => {
  it('refuses bad input with 400 in the spec\'s form', async () => {
    const u = await t.createUser();
    for (const payload of [{ query: '' }, { query: 'x', max_steps: 0 }, { query: 'x', max_steps: 21 }, { query: 'x', wait_ms: 600_000 }, { query: 'x', max_tokens: -1 }, { query: 'x', time_limit_ms: 999 }, { query: 'x', surprise: 1 }]) {
      const res = await execute(u.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('INVALID_REQUEST');
    }
    const badId = await t.app.inject({ method: 'GET', url: '/agent/runs/not-a-uuid', headers: u.headers });
    expect(badId.statusCode).toBe(400);
  });

  it('needs a user to run, not to plan', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/agent/execute', payload: { query: TASK, mode: 'execute' } });
    expect(anonymous.statusCode).toBe(401);
    const plan = await t.app.inject({ method: 'POST', url: '/agent/execute', payload: { query: TASK } });
    expect(plan.json()).toMatchObject({ mode: 'plan', executed: false });
  });

  it('hides another user\'s run: 404 to read, stream or cancel', async () => {
    const marker = '[run-8]';
    model.script(marker, () => answers('mine'));
    const owner = await t.createUser();
    const other = await t.createUser();
    const run = (await execute(owner.headers, { query: `${TASK} ${marker}` })).json();
    for (const [method, url] of [
      ['GET', `/agent/runs/${run.run_id}`],
      ['GET', `/agent/runs/${run.run_id}/stream`],
      ['DELETE', `/agent/runs/${run.run_id}`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: other.headers });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    expect((await t.app.inject({ method: 'GET', url: `/agent/runs/${run.run_id}`, headers: owner.headers })).json().answer).toBe('mine');
  });
});

describe('over a listening server', () => {
  let base: string;
  beforeAll(async () => {
    base = (await listen(t, 29701)).replace(/\/mcp$/, '');
  });

  it('follows a running run live on its stream', async () => {
    const marker = '[run-9]';
    // The first answer comes late, so the stream is open before anything happened.
    model.script(marker, (request, n) => (n === 0 ? { ...callsTools([[offered(request, 'echo'), { message: 'live' }]]), delayMs: 1_500 } : answers('live answer')));
    const u = await t.createUser();
    const started = await execute(u.headers, { query: `${TASK} ${marker}`, wait_ms: 0 });
    expect(started.statusCode).toBe(202);
    const res = await fetch(`${base}/agent/runs/${started.json().run_id}/stream`, { headers: u.headers });
    expect(res.status).toBe(200);
    const sse = parseSse(await res.text());
    expect(sse.map((e) => e.event)).toEqual(['step', 'step', 'step', 'run']);
    expect(JSON.parse(sse[3]?.data ?? '{}')).toMatchObject({ status: 'completed', answer: 'live answer' });
  });

  it('caps a user\'s open run streams by plan, in the allowance job streams share: the 11th of a free user is 429', async () => {
    const marker = '[run-11]';
    // The run stays running while its streams are open.
    model.script(marker, (request, n) => (n === 0 ? { ...callsTools([[offered(request, 'echo'), { message: 'held' }]]), delayMs: 8_000 } : answers('held answer')));
    const u = await t.createUser({ plan: 'free' });
    const started = await execute(u.headers, { query: `${TASK} ${marker}`, wait_ms: 0 });
    expect(started.statusCode).toBe(202);
    const url = `${base}/agent/runs/${started.json().run_id}/stream`;
    const held = Array.from({ length: 10 }, () => new AbortController());
    try {
      const open = await Promise.all(held.map((c) => fetch(url, { headers: u.headers, signal: c.signal })));
      expect(open.map((r) => r.status)).toEqual(Array(10).fill(200));
      const eleventh = await fetch(url, { headers: u.headers });
      expect(eleventh.status).toBe(429);
      expect(await eleventh.json()).toMatchObject({ error: { code: 'RATE_LIMITED', retry_after: expect.any(Number), details: { scope: 'job_streams', plan: 'free', limit: 10 } } });
      // Closing one frees its slot.
      held[0]!.abort();
      const again = await until(async () => {
        const r = await fetch(url, { headers: u.headers, signal: held[1]!.signal });
        return r.status === 200 ? r : undefined;
      }, 10_000, 200);
      expect(again.status).toBe(200);
    } finally {
      for (const c of held) c.abort();
    }
  });

  it('runs a task through the MCP face\'s run_agent tool', async () => {
    const marker = '[run-10]';
    model.script(marker, (request, n) => (n === 0 ? callsTools([[offered(request, 'echo'), { message: 'via mcp' }]]) : answers('mcp answer')));
    const u = await t.createUser();
    const client = await connect(`${base}/mcp`, u.apiKey);
    try {
      const out = await client.callTool({ name: 'run_agent', arguments: { query: `${TASK} ${marker}`, wait_ms: 45_000 } });
      expect(out.isError).toBeFalsy();
      expect(mcpText(out)).toBe('mcp answer');
      expect(out.structuredContent).toMatchObject({ status: 'completed', transcript: [{ kind: 'model' }, { kind: 'tool', tool: 'everything/echo', arguments: { message: 'via mcp' } }, { kind: 'model' }] });
      const bad = await client.callTool({ name: 'run_agent', arguments: { query: 'x', max_steps: 99 } });
      expect(bad.isError).toBe(true);
    } finally {
      await client.close();
    }
  });
});
