import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExecutionApp, LONG, until } from '../execution/helpers/setup.ts';
import type { TestApp } from '../support/test-app.ts';
import { connect, listen, postStatus, textOf } from './helpers.ts';

type Json = Record<string, any>;

// The MCP face through the SDK's real client over HTTP, against the whole service (real
// Temporal, Postgres, worker and server-everything): issue 11, Build 1 and 5.
describe('/mcp tools', { timeout: 120_000 }, () => {
  let t: TestApp;
  let url: string;
  let client: Client;
  let user: Awaited<ReturnType<TestApp['createUser']>>;

  beforeAll(async () => {
    t = await createExecutionApp();
    url = await listen(t, 27401);
    user = await t.createUser({ plan: 'pro' });
    client = await connect(url, user.apiKey);
  }, 300_000);
  afterAll(async () => {
    await client?.close();
    await t?.close();
  });

  it('lists the tools with input and output schemas and their task support', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['cancel_job', 'execute_tool', 'get_job', 'get_tool', 'list_servers', 'retrieve_tools', 'run_agent', 'submit_job']);
    const execute = tools.find((tool) => tool.name === 'execute_tool') as Json;
    expect(execute.inputSchema.required).toEqual(['tool_name', 'params']);
    expect(execute.outputSchema.type).toBe('object');
    expect(execute.execution).toEqual({ taskSupport: 'optional' });
    expect((tools.find((tool) => tool.name === 'get_job') as Json).execution).toEqual({ taskSupport: 'forbidden' });
    expect(client.getServerCapabilities()?.tasks).toMatchObject({ list: {}, cancel: {}, requests: { tools: { call: {} } } });
    // Issue 39 item 3: retrieve_tools says what this caller's catalogue holds (the test service's servers).
    const retrieve = tools.find((tool) => tool.name === 'retrieve_tools')!;
    expect(retrieve.description).toMatch(/Searches \d+ tools on \d+ servers\. By kind: /);
    expect(retrieve.description).toContain('everything');
  });

  it('finds a server-everything tool by plain words and records the query with source mcp', async () => {
    const result = await client.callTool({ name: 'retrieve_tools', arguments: { query: 'echo back the message I send', top_k: 5 } });
    expect(result.isError).toBeFalsy();
    const found = (result.structuredContent as Json).tools as Json[];
    expect(found.map((tool) => `${tool.server}/${tool.name}`)).toContain('everything/echo');
    // Issue 39 item 3: a line to act on: the name to call, whether it runs now, when to use it, its arguments.
    expect(textOf(result)).toMatch(/everything\/echo \[(ready|installable)\]: .+ Args: message\*/);
    expect(textOf(result)).toContain('Call one with execute_tool');
    // Issue 34: MCP shows what REST shows; the service's timings (REST: a header) and cache flag stay inside.
    expect(result.structuredContent).not.toHaveProperty('timings');
    expect(result.structuredContent).not.toHaveProperty('cached');
    // The query event is written after the answer (it never delays a retrieval): wait for it.
    const queries = await until(async () => {
      const history = JSON.stringify((await t.app.inject({ method: 'GET', url: '/queries', headers: user.headers })).json());
      return history.includes('echo back the message I send') ? history : undefined;
    });
    expect(queries).toContain('echo back the message I send');
    const rows = await t.db.execute(`select source from query_events where user_id = '${user.user.id}'` as never);
    expect(JSON.stringify(rows)).toContain('mcp');
  });

  it('reads a tool and runs it through the execution workflow', async () => {
    const detail = await client.callTool({ name: 'get_tool', arguments: { tool_name: 'everything/echo' } });
    expect((detail.structuredContent as Json).inputSchema.required).toContain('message');
    const run = await client.callTool({ name: 'execute_tool', arguments: { tool_name: 'everything/echo', params: { message: 'hi from mcp' } } });
    expect(run.isError).toBeFalsy();
    expect(textOf(run)).toContain('hi from mcp');
    expect(run.structuredContent).toMatchObject({ tool_name: 'everything/echo', status: 'success', result: { content: [{ type: 'text' }] } });
    const runs = await t.db.execute(`select mode from tool_runs where execution_id = '${(run.structuredContent as Json).execution_id}'` as never);
    expect(JSON.stringify(runs)).toContain('direct');
  });

  it('relays the tool progress to the caller progressToken', async () => {
    const seen: Array<{ progress: number; total?: number }> = [];
    const run = await client.callTool({ name: 'execute_tool', arguments: { tool_name: LONG, params: { duration: 3, steps: 3 } } }, undefined, {
      onprogress: (p) => seen.push(p),
      timeout: 60_000,
    });
    expect(run.isError, textOf(run)).toBeFalsy();
    expect(textOf(run)).toContain('Long running operation completed');
    expect(seen.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.progress).toBeGreaterThan(seen[i - 1]!.progress);
    expect(seen.at(-1)).toMatchObject({ progress: 100, total: 100 });
  });

  it('names the wrong argument: the face arguments and the tool params alike', async () => {
    const missing = await client.callTool({ name: 'execute_tool', arguments: { tool_name: 'everything/echo' } });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toMatch(/params/);
    const wrong = await client.callTool({ name: 'execute_tool', arguments: { tool_name: 'everything/echo', params: { message: 42 } } });
    expect(wrong.isError).toBe(true);
    expect(textOf(wrong)).toMatch(/INVALID_ARGUMENTS.*\(argument: message\)/s);
    const unknown = await client.callTool({ name: 'execute_tool', arguments: { tool_name: 'no-such-tool-xyz', params: {} } });
    expect(textOf(unknown)).toMatch(/^TOOL_NOT_FOUND/);
  });

  it('runs jobs with the REST vocabulary and lists servers', async () => {
    const submitted = await client.callTool({ name: 'submit_job', arguments: { tool: 'everything/echo', arguments: { message: 'job' } } });
    const jobId = (submitted.structuredContent as Json).job_id as string;
    expect(jobId).toMatch(/^[0-9a-f-]{36}$/);
    const rest = await t.app.inject({ method: 'GET', url: `/jobs/${jobId}`, headers: user.headers });
    expect(rest.statusCode).toBe(200);
    let job: Json = {};
    for (let i = 0; i < 100 && job.status !== 'completed'; i++) {
      job = (await client.callTool({ name: 'get_job', arguments: { job_id: jobId } })).structuredContent as Json;
      if (job.status !== 'completed') await new Promise((r) => setTimeout(r, 100));
    }
    expect(job).toMatchObject({ job_id: jobId, status: 'completed', tool: 'echo' });
    const cancel = await client.callTool({ name: 'cancel_job', arguments: { job_id: jobId } });
    expect(cancel.isError).toBe(true);
    expect(textOf(cancel)).toMatch(/already ended/);
    const servers = await client.callTool({ name: 'list_servers', arguments: {} });
    expect((servers.structuredContent as Json).servers.map((s: Json) => s.name)).toContain('everything');
  });

  it('answers 401 with the challenge without a key, and 405 to GET', async () => {
    const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } } };
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify(init) });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer .*resource_metadata="/);
    const get = await fetch(url, { headers: { authorization: `Bearer ${user.apiKey}`, accept: 'text/event-stream' } });
    expect(get.status).toBe(405);
    // DNS rebinding: the service is bound to 127.0.0.1, so a request addressed to another name is refused.
    const headers = { authorization: `Bearer ${user.apiKey}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    expect(await postStatus(url, { ...headers, host: 'evil.example' }, JSON.stringify(init))).toBe(403);
    expect(await postStatus(url, { ...headers, host: 'localhost:27401' }, JSON.stringify(init))).toBe(200);
  });
});
