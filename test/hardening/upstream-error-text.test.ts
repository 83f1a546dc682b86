import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';

const SECRET = 'AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';

/** An upstream that answers every request 500 with a secret on the first line of its body. */
function failingUpstream(): Server {
  return createServer((req, res) => {
    req.resume();
    res.writeHead(500, { 'content-type': 'text/plain' }).end(`${SECRET}\nat db.connect (internal.js:1)\n`);
  });
}

/**
 * A hand-written Streamable HTTP server (JSON answers): initialize and tools/list work, and
 * tools/call answers a JSON-RPC error whose message carries the secret.
 */
function leakyRpcUpstream(): Server {
  return createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST') return void res.writeHead(405).end();
      const message = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { id?: number; method?: string; params?: { protocolVersion?: string } };
      if (message.id === undefined) return void res.writeHead(202).end();
      const answer = (body: object) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: message.id, ...body }));
      if (message.method === 'initialize') {
        return answer({ result: { protocolVersion: message.params?.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'leaky', version: '1.0.0' } } });
      }
      if (message.method === 'tools/list') return answer({ result: { tools: [{ name: 'lookup', description: 'Looks up', inputSchema: { type: 'object' } }] } });
      return answer({ error: { code: -32603, message: `database refused: ${SECRET}` } });
    });
  });
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
}

// Issue 33 item 6 (c): the first line of an upstream's error came back to the caller. The
// caller now hears the server's name and the class of failure, never the upstream's words.
describe('upstream error text never reaches the caller', () => {
  let t: TestApp;
  const failing = failingUpstream();
  const leaky = leakyRpcUpstream();
  let failingUrl: string;
  let leakyUrl: string;

  beforeAll(async () => {
    // Both upstreams listen on loopback: allowed here, this file is about what comes back.
    t = await createTestApp({ env: { ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' } });
    failingUrl = await listen(failing);
    leakyUrl = await listen(leaky);
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([failing, leaky].map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  });

  it('an HTTP 500 with a secret body: the creation answer says HTTP 500, not the body', async () => {
    const user = await t.createUser({ plan: 'pro' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/custom-packs/mcp-servers',
      headers: user.headers,
      payload: { name: 'failing-srv', display_name: 'Failing', description: 'answers 500', config: { url: failingUrl, transport: 'streamable-http' } },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.body).not.toContain('AWS_SECRET');
    expect(created.body).not.toContain('internal.js');
    expect(created.json().connection).toEqual({ status: 'error', error: 'MCP server "failing-srv" is unreachable (HTTP 500)' });
  });

  it('a JSON-RPC error with a secret message: the run fails naming the server and the error code only', async () => {
    const user = await t.createUser({ plan: 'pro' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/custom-packs/mcp-servers',
      headers: user.headers,
      payload: { name: 'leaky-srv', display_name: 'Leaky', description: 'leaks in errors', config: { url: leakyUrl, transport: 'streamable-http' } },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ tools_count: 1, connection: { status: 'connected' } });
    const run = await t.app.inject({ method: 'POST', url: '/v1/execute_tool', headers: user.headers, payload: { tool_name: 'leaky-srv/lookup', params: {} } });
    expect(run.statusCode).toBe(500);
    expect(run.body).not.toContain('AWS_SECRET');
    expect(run.body).not.toContain('database refused');
    expect(run.json().error).toMatchObject({ code: 'EXECUTION_ERROR', details: { tool_error: 'MCP server "leaky-srv" answered with JSON-RPC error -32603' } });
  });
});
