import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALL_ATTEMPTS, MAX_RESULT_BYTES } from '../../contracts/index.ts';
import { events, toolRuns } from '../../db/schema/index.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { addReferenceServers, registerSearchAttributes, until } from './helpers/setup.ts';

type Json = Record<string, any>;

/** What must never reach a client: SQL, its parameters, or our internal class names. */
const LEAKS = /insert into|update "|select |params:|Failed query|DrizzleQueryError|ApplicationFailure|WorkflowFailedError|ActivityFailure|PostgresError/i;

// At most one call per run (issue 20 item 1): a real stdio MCP server registered as an admin's
// custom server counts its calls in a file; its answers hold what Postgres refuses to store.
describe('a tool runs at most once per run', { timeout: 90_000 }, () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp['createUser']>>;
  const callsFile = join(mkdtempSync(join(tmpdir(), 'sb-calls-')), 'calls.txt');
  const calls = (tool: string, note: string) =>
    existsSync(callsFile) ? readFileSync(callsFile, 'utf8').split('\n').filter((line) => line === `${tool} ${note}`).length : 0;

  beforeAll(async () => {
    t = await createTestApp();
    await registerSearchAttributes(t.temporal.client, t.temporal.namespace);
    await addReferenceServers(t, ['filesystem']);
    admin = await t.createUser({ plan: 'pro', role: 'admin' });
    const server = resolve('test/execution/helpers/counting-server.ts');
    const created = await t.app.inject({
      method: 'POST',
      url: '/custom-packs/mcp-servers',
      headers: admin.headers,
      payload: { name: 'counting', display_name: 'Counting', description: 'counts its calls', config: { command: process.execPath, args: ['--import', 'tsx', server, callsFile] } },
    });
    if (created.statusCode !== 201) throw new Error(`custom server not created: ${created.statusCode} ${created.body}`);
    expect(created.json()).toMatchObject({ tools_count: 6, connection: { status: 'connected' } });
  }, 180_000);
  afterAll(async () => t?.close());

  const submit = async (tool: string, args: Json) => {
    const response = await t.app.inject({ method: 'POST', url: '/jobs/submit', headers: admin.headers, payload: { tool, arguments: args } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().job_id as string;
  };
  /** The job once its workflow has ended: no attempt of it can still be running or pending. */
  const settled = async (jobId: string) => {
    await t.temporal.client.workflow
      .getHandle(jobId)
      .result()
      .catch(() => undefined);
    const response = await t.app.inject({ method: 'GET', url: `/jobs/${jobId}`, headers: admin.headers });
    expect(response.body).not.toMatch(LEAKS);
    return response.json() as Json;
  };
  const v1 = (tool: string, params: Json) =>
    t.app.inject({ method: 'POST', url: '/v1/execute_tool', headers: admin.headers, payload: { tool_name: tool, params } });
  // The admin user, not the admin key: the custom server is that user's own.
  const root = (tool: string, args: Json) => t.app.inject({ method: 'POST', url: '/execute_tool', headers: admin.headers, payload: { tool, arguments: args } });
  const runRow = async (executionId: string) => (await t.db.select().from(toolRuns).where(eq(toolRuns.executionId, executionId)))[0];

  it('job: a result ending in U+0000 is one call, a completed job and a stored result', async () => {
    const id = await submit('counting/append_note', { note: 'job-nul' });
    const job = await settled(id);
    expect(calls('append_note', 'job-nul')).toBe(1);
    // Stored form (decisions.md): U+0000 and lone surrogates become U+FFFD.
    expect(job).toMatchObject({ status: 'completed', result: { content: [{ type: 'text', text: 'noted job-nul\ufffd' }] } });
    expect(await runRow(id)).toMatchObject({ status: 'completed', mode: 'job' });
    const announced = await t.db.select().from(events).where(eq(events.kind, 'job.completed'));
    expect(announced.map((e) => (e.data as Json).job_id)).toContain(id);
  });

  it('job: lone surrogates in text and structured content are stored, after one call', async () => {
    const id = await submit('counting/lone_surrogate', { note: 'job-half' });
    const job = await settled(id);
    expect(calls('lone_surrogate', 'job-half')).toBe(1);
    expect(job.status).toBe('completed');
    expect(job.result.content[0].text).toBe('half \ufffd of job-half');
    expect(job.result.structuredContent).toEqual({ 'key\ufffdjob-half': 'v\ufffd' });
  });

  it('direct: one call, 200 with the tool\'s real output, and the run recorded (v1 and root)', async () => {
    const r1 = await v1('counting/append_note', { note: 'v1-nul' });
    expect(r1.body).not.toMatch(LEAKS);
    expect(r1.statusCode).toBe(200);
    expect(r1.json().data.result.content[0].text).toBe('noted v1-nul\u0000');
    expect(calls('append_note', 'v1-nul')).toBe(1);
    expect(await runRow(r1.json().data.execution_id)).toMatchObject({ status: 'completed', mode: 'direct' });

    const r2 = await root('counting/lone_surrogate', { note: 'root-half' });
    expect(r2.body).not.toMatch(LEAKS);
    expect(r2.statusCode).toBe(200);
    expect(r2.json().result.content[0].text).toBe('half \ud83d of root-half');
    expect(calls('lone_surrogate', 'root-half')).toBe(1);
  });

  it('filesystem/read_text_file on a file holding a NUL: job and direct call succeed once', async () => {
    // The user's own filesystem instance (issue 33, item 2: one per user).
    const folder = join(t.config.DATA_DIR, 'users', admin.user.id, 'filesystem');
    mkdirSync(folder, { recursive: true });
    const path = resolve(folder, 'nul.txt');
    writeFileSync(path, 'before\u0000after');
    const direct = await v1('filesystem/read_text_file', { path });
    expect(direct.body).not.toMatch(LEAKS);
    expect(direct.statusCode).toBe(200);
    expect(direct.json().data.result.content[0].text).toBe('before\u0000after');
    const job = await settled(await submit('filesystem/read_text_file', { path }));
    expect(job).toMatchObject({ status: 'completed', result: { content: [{ text: 'before\ufffdafter' }] } });
  });

  it('a tool that answered with an error is not called again (job and direct)', async () => {
    const job = await settled(await submit('counting/refuse', { note: 'job-refuse' }));
    expect(calls('refuse', 'job-refuse')).toBe(1);
    expect(job).toMatchObject({ status: 'failed', error: { code: 'EXECUTION_ERROR', details: { tool_error: 'refused job-refuse\ufffd' } } });

    const direct = await v1('counting/refuse', { note: 'v1-refuse' });
    expect(direct.body).not.toMatch(LEAKS);
    expect(direct.statusCode).toBe(500);
    expect(direct.json().error).toMatchObject({ code: 'EXECUTION_ERROR', details: { tool_error: 'refused v1-refuse\u0000' } });
    expect(calls('refuse', 'v1-refuse')).toBe(1);
  });

  it('a server that died before answering is called again (job and direct)', async () => {
    // No answer came, so the call is retried (DESIGN.md 8); an answer, even an error, never is.
    const job = await settled(await submit('counting/die_once', { note: 'job-die' }));
    expect(calls('die_once', 'job-die')).toBe(2);
    expect(job).toMatchObject({ status: 'completed', result: { content: [{ text: 'survived job-die' }] } });

    const direct = await v1('counting/die_once', { note: 'v1-die' });
    expect(direct.body).not.toMatch(LEAKS);
    expect(direct.statusCode, direct.body).toBe(200);
    expect(direct.json().data.result.content[0].text).toBe('survived v1-die');
    expect(calls('die_once', 'v1-die')).toBe(2);
    // The run is recorded once, as the completed run it was.
    expect(await until(async () => runRow(direct.json().data.execution_id))).toMatchObject({ status: 'completed' });
  });

  it('a server that never answers fails the run clearly once its attempts are spent', async () => {
    const job = await settled(await submit('counting/always_die', { note: 'job-dead' }));
    expect(calls('always_die', 'job-dead')).toBe(CALL_ATTEMPTS);
    expect(job).toMatchObject({ status: 'failed', error: { code: 'EXECUTION_ERROR', message: expect.stringContaining('counting'), details: { tool_error: expect.any(String) } } });

    const direct = await root('counting/always_die', { note: 'root-dead' });
    expect(direct.body).not.toMatch(LEAKS);
    expect(direct.statusCode).toBe(500);
    expect(direct.json()).toMatchObject({ tool: 'counting/always_die', status: 'error', error: { code: 'EXECUTION_ERROR' } });
    expect(calls('always_die', 'root-dead')).toBe(CALL_ATTEMPTS);
    // The next run gets a fresh process: the server died, the service did not.
    expect((await v1('counting/append_note', { note: 'after-death' })).statusCode).toBe(200);
  });

  it('an answer too large to hold is one call and a clear failure, not a re-run', async () => {
    const job = await settled(await submit('counting/big', { note: 'job-big', kb: 3_000 }));
    expect(calls('big', 'job-big')).toBe(1);
    expect(job).toMatchObject({ status: 'failed', error: { code: 'EXECUTION_ERROR', details: { result_bytes: expect.any(Number) } } });
    expect(job.error.message).toContain(`more than the ${MAX_RESULT_BYTES}`);
    const direct = await v1('counting/big', { note: 'v1-big', kb: 3_000 });
    expect(direct.body).not.toMatch(LEAKS);
    expect(direct.statusCode).toBe(500);
    expect(direct.json().error).toMatchObject({ code: 'EXECUTION_ERROR', message: expect.stringContaining('bytes') });
    expect(calls('big', 'v1-big')).toBe(1);
    const fits = await v1('counting/big', { note: 'v1-fits', kb: 200 });
    expect(fits.statusCode).toBe(200);
    expect(fits.json().data.result.content[0].text).toHaveLength(200 * 1024);
  });
});
