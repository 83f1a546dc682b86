import type { AddressInfo } from 'node:net';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSearchAttributes } from '../execution/helpers/setup.ts';
import { connect, textOf } from '../mcp-face/helpers.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { addTokenServer, TOKEN_SERVER, VENDOR_SETUP_URL } from './helpers.ts';

// Issue 35, item 4, the MCP face: a tool call that needs credentials the user has not set says
// so with the link where the user sets them, and never asks the agent for the secret; a client
// that declared URL-mode elicitation (2025-11-25) gets -32042 with that link as its elicitation.

let t: TestApp;
let base: string;
let user: Awaited<ReturnType<TestApp['createUser']>>;
const clients: Client[] = [];

async function client(path: string, capabilities: Record<string, unknown> = {}) {
  const opened = await connect(`${base}${path}`, user.apiKey, capabilities);
  clients.push(opened);
  return opened;
}

beforeAll(async () => {
  t = await createTestApp();
  await registerSearchAttributes(t.temporal.client, t.temporal.namespace);
  await addTokenServer(t);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  user = await t.createUser({ plan: 'pro' });
}, 180_000);
afterAll(async () => {
  for (const opened of clients) await opened.close();
  await t?.close();
});

describe('credentials over MCP', { timeout: 60_000 }, () => {
  const setupPage = () => `${base}/console/servers/${TOKEN_SERVER}#credentials`;

  it('/mcp execute_tool: an isError result with the code, the missing name and both links', async () => {
    const mcp = await client('/mcp');
    const result = await mcp.callTool({ name: 'execute_tool', arguments: { tool_name: `${TOKEN_SERVER}/echo`, params: { message: 'hi' } } });
    expect(result.isError).toBe(true);
    const text = textOf(result);
    expect(text).toMatch(/^CREDENTIALS_REQUIRED: .*X_TOKEN/);
    expect(text).toContain(setupPage());
    expect(text).toContain(VENDOR_SETUP_URL);
    expect(result._meta).toMatchObject({ 'switchboard/error_code': 'CREDENTIALS_REQUIRED' });
  });

  it('/mcp submit_job as a task: a JSON-RPC error carrying the link', async () => {
    const mcp = await client('/mcp');
    const stream = mcp.experimental.tasks.callToolStream({ name: 'submit_job', arguments: { tool: `${TOKEN_SERVER}/echo`, arguments: { message: 'hi' } } }, undefined, { task: { ttl: 60_000 } });
    const messages: { type: string; error?: { message: string } }[] = [];
    for await (const message of stream) messages.push(message as never);
    const failed = messages.find((m) => m.type === 'error');
    expect(failed?.error?.message).toContain('CREDENTIALS_REQUIRED');
    expect(failed?.error?.message).toContain(setupPage());
  });

  it('a pack endpoint whose client declared URL elicitation: -32042 sending the user to our page', async () => {
    const pack = await t.app.inject({ method: 'POST', url: '/custom-packs/packs', headers: user.headers, payload: { name: 'Tokens', description: 'needs a token', servers: [TOKEN_SERVER] } });
    expect(pack.statusCode, pack.body).toBe(201);
    const path = `/mcp/packs/${pack.json().id}`;
    const eliciting = await client(path, { elicitation: { url: {} } });
    const refused = await eliciting.callTool({ name: `${TOKEN_SERVER}__echo`, arguments: { message: 'hi' } }).then(
      () => undefined,
      (error: unknown) => error as { code: number; data?: { elicitations?: { mode: string; url: string; message: string }[] } },
    );
    expect(refused?.code).toBe(-32042);
    expect(refused?.data?.elicitations?.[0]).toMatchObject({ mode: 'url', url: setupPage() });
    // A client without it: the same refusal as a readable tool error.
    const plain = await client(path);
    const result = await plain.callTool({ name: `${TOKEN_SERVER}__echo`, arguments: { message: 'hi' } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain(setupPage());
  });

  it('runs once the user has set the value', async () => {
    const put = await t.app.inject({ method: 'PUT', url: `/mcp_servers/${TOKEN_SERVER}/credentials`, headers: user.headers, payload: { values: { X_TOKEN: 'tok' } } });
    expect(put.statusCode, put.body).toBe(200);
    const mcp = await client('/mcp');
    const result = await mcp.callTool({ name: 'execute_tool', arguments: { tool_name: `${TOKEN_SERVER}/echo`, params: { message: 'now' } } });
    expect(result.isError, textOf(result)).toBeFalsy();
  });
});
