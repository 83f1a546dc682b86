import { lookup } from 'node:dns';
import type { LookupAddress } from 'node:dns';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpServers, tools } from '../../db/schema/index.ts';
import type { LookupFunction } from '../../mcp/index.ts';
import { startHttpHost } from '../mcp/helpers/http-host.ts';
import type { HttpHost } from '../mcp/helpers/http-host.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';

const TENANT_SECRET = 'tenant-s3cret-4f9a1c';

/**
 * The DNS stand-in, for the API's check only: `localhost` answers a public address there, as a
 * record would before its owner changed it. The worker resolves for real (/etc/hosts:
 * 127.0.0.1), so what it connects to is what the name says at connect time.
 */
const publicAtCreation: LookupFunction = (hostname, options, callback) => {
  if (hostname !== 'localhost') return void lookup(hostname, options, callback as never);
  const answer: LookupAddress[] = [{ address: '93.184.216.34', family: 4 }];
  return options.all ? callback(null, answer) : callback(null, '93.184.216.34', 4);
};

// Issue 33 item 6 (b): a custom server's URL was checked only when it was created; the worker
// later connected with no check of where the name then pointed, sending the tenant's headers.
describe('a custom server whose name turns private after creation', () => {
  let t: TestApp;
  let host: HttpHost;

  beforeAll(async () => {
    t = await createTestApp({ dnsLookup: publicAtCreation });
    host = await startHttpHost(
      () => {
        const server = new McpServer({ name: 'rebound', version: '1.0.0' });
        server.registerTool('whoami', { description: 'Answers from loopback' }, async () => ({ content: [{ type: 'text', text: 'internal-answer' }] }));
        return server;
      },
      { streamable: true, sse: false },
    );
  });
  afterAll(async () => {
    await host?.close();
    await t?.close();
  });

  const loopbackByName = () => host.mcpUrl.replace('127.0.0.1', 'localhost');

  it('is accepted at creation (the name was public), but the worker refuses to connect: no request, no tenant header', async () => {
    const user = await t.createUser({ plan: 'pro' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/custom-packs/mcp-servers',
      headers: user.headers,
      payload: { name: 'rebound-srv', display_name: 'Rebound', description: 'rebinding test', config: { url: loopbackByName(), headers: { 'X-Tenant-Key': TENANT_SECRET } } },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().connection).toEqual({ status: 'error', error: 'MCP server "rebound-srv" is unreachable (refused: not a public address)' });

    // A tool listed while the name was public: running it connects again, and is refused again.
    const [row] = await t.db.select({ name: mcpServers.name }).from(mcpServers).where(eq(mcpServers.id, created.json().id));
    await t.db.insert(tools).values({ serverName: row!.name, name: 'whoami', description: 'Answers', inputSchema: { type: 'object' } });
    await t.db.update(mcpServers).set({ status: 'connected' }).where(eq(mcpServers.name, row!.name));
    const run = await t.app.inject({ method: 'POST', url: '/v1/execute_tool', headers: user.headers, payload: { tool_name: 'rebound-srv/whoami', params: {} } });
    expect(run.statusCode, run.body).toBe(500);
    // Refused once and not retried: another attempt would be refused the same way.
    expect(run.json().error).toMatchObject({ code: 'EXECUTION_ERROR', details: { tool_error: 'MCP server "rebound-srv" is unreachable (refused: not a public address)' } });
    expect(run.body).not.toContain('internal-answer');
    expect(run.body).not.toContain(TENANT_SECRET);
    expect(host.requests).toEqual([]);
  });

  it('lets an admin\'s own server on loopback connect: the operator chose that target', async () => {
    const admin = await t.createUser({ plan: 'pro', role: 'admin' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/custom-packs/mcp-servers',
      headers: admin.headers,
      payload: { name: 'operator-srv', display_name: 'Operator', description: 'admin target', config: { url: host.mcpUrl } },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ tools_count: 1, connection: { status: 'connected' } });
    expect(host.requests.length).toBeGreaterThan(0);
  });
});
