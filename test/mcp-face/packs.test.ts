import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replacePackServers } from '../../db/registry/packs.ts';
import { eq } from 'drizzle-orm';
import { mcpServers, packs } from '../../db/schema/index.ts';
import { createExecutionApp, sleep, until } from '../execution/helpers/setup.ts';
import { startWeatherServer } from '../registry/helpers.ts';
import type { TestApp } from '../support/test-app.ts';

type User = Awaited<ReturnType<TestApp['createUser']>>;

/** MCP tool names: 1–128 characters of [A-Za-z0-9_.-] (MCP 2025-11-25, Tools). */
const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

// The pack endpoints with the SDK's own client over HTTP, against real server-everything (stdio)
// and a real streamable-HTTP weather server; the pack poller runs at its default 2 s.
describe('packs as MCP endpoints', { timeout: 60_000 }, () => {
  let t: TestApp;
  let weather: Awaited<ReturnType<typeof startWeatherServer>>;
  let base: string;
  let owner: User;
  let stranger: User;
  let packId: string;
  const clients: Client[] = [];

  beforeAll(async () => {
    // The weather server listens on 127.0.0.1: custom servers there must be allowed for this file.
    // Free users may run 2 tools a minute here, so the limit test is short; every other test uses pro users.
    t = await createExecutionApp({ ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true', RATE_LIMITS: JSON.stringify({ free: { execution: { minute: 2 } } }) });
    weather = await startWeatherServer();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    owner = await t.createUser({ plan: 'pro' });
    stranger = await t.createUser({ plan: 'pro' });
    const pack = await t.app.inject({ method: 'POST', url: '/custom-packs/packs', headers: owner.headers, payload: { name: 'Everyday', description: 'tools', servers: ['everything'] } });
    expect(pack.statusCode).toBe(201);
    packId = pack.json().id;
  }, 180_000);
  afterAll(async () => {
    // The app first, with its clients' GET streams still open: closing must not wait for them.
    const started = Date.now();
    await t?.close();
    expect(Date.now() - started).toBeLessThan(20_000);
    for (const client of clients) await client.close();
    await weather?.close();
  });

  async function connect(path: string, user: User, onListChanged?: () => void): Promise<Client> {
    const client = new Client({ name: 'packs-test', version: '1.0.0' });
    if (onListChanged) client.setNotificationHandler(ToolListChangedNotificationSchema, async () => onListChanged());
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}${path}`), { requestInit: { headers: user.headers } }));
    clients.push(client);
    return client;
  }

  const names = async (client: Client) => (await client.listTools()).tools.map((tool) => tool.name);

  it('lists the pack servers\' tools namespaced <server>__<tool>, each a valid MCP tool name', async () => {
    const client = await connect(`/mcp/packs/${packId}`, owner);
    expect(client.getServerCapabilities()?.tools).toEqual({ listChanged: true });
    const { tools } = await client.listTools();
    const listed = tools.map((tool) => tool.name);
    expect(listed).toEqual(expect.arrayContaining(['everything__echo', 'everything__get-sum', 'everything__get-structured-content']));
    expect(listed.every((name) => TOOL_NAME.test(name))).toBe(true);
    expect(new Set(listed).size).toBe(listed.length);
    const echo = tools.find((tool) => tool.name === 'everything__echo');
    expect(echo).toMatchObject({ inputSchema: { type: 'object', properties: { message: expect.any(Object) } }, _meta: { 'switchboard/server': 'everything', 'switchboard/tool': 'echo', 'switchboard/availability': 'ready' } });
  });

  it('calls a tool through the execution service and returns its result', async () => {
    const client = await connect(`/mcp/packs/${packId}`, owner);
    await client.listTools();
    const echo = (await client.callTool({ name: 'everything__echo', arguments: { message: 'through the pack' } })) as CallToolResult;
    expect(echo.isError).toBeFalsy();
    expect(echo.content).toEqual([{ type: 'text', text: 'Echo: through the pack' }]);
    // The tool's output schema is passed on, and the SDK client checks the structured result against it.
    const structured = (await client.callTool({ name: 'everything__get-structured-content', arguments: { location: 'Chicago' } })) as CallToolResult;
    expect(structured.structuredContent).toMatchObject({ temperature: expect.any(Number), conditions: expect.any(String) });
  });

  it('answers bad arguments with an isError result naming the argument, an unknown tool with a protocol error', async () => {
    const client = await connect(`/mcp/packs/${packId}`, owner);
    const bad = (await client.callTool({ name: 'everything__get-sum', arguments: { a: 1 } })) as CallToolResult;
    expect(bad.isError).toBe(true);
    // Worded as /mcp words it (issue 34: one renderer for the MCP faces): the code, then the argument.
    expect((bad.content as { text: string }[])[0]?.text).toMatch(/^INVALID_ARGUMENTS: .*\(argument: b\)/s);
    await expect(client.callTool({ name: 'everything__no-such-tool', arguments: {} })).rejects.toThrow(/Unknown tool/);
    // A tool of a server outside the pack is not reachable through it, even by its REST name.
    await expect(client.callTool({ name: 'everything/echo', arguments: { message: 'x' } })).rejects.toThrow(/Unknown tool/);
  });

  it('sends tools/list_changed when a server is added to or removed from the pack', async () => {
    let changes = 0;
    const client = await connect(`/mcp/packs/${packId}`, owner, () => changes++);
    expect(await names(client)).not.toContain('my-weather__forecast');

    const custom = await t.app.inject({
      method: 'POST',
      url: '/custom-packs/mcp-servers',
      headers: owner.headers,
      payload: { name: 'my-weather', display_name: 'My Weather', description: 'weather', config: { url: weather.mcpUrl } },
    });
    expect(custom.statusCode).toBe(201);
    const added = await t.app.inject({ method: 'POST', url: `/custom-packs/packs/${packId}/servers`, headers: owner.headers, payload: { server: 'my-weather' } });
    expect(added.statusCode).toBe(200);
    await until(async () => changes >= 1, 15_000);
    expect(await names(client)).toEqual(expect.arrayContaining(['my-weather__forecast', 'my-weather__current-weather', 'everything__echo']));
    const forecast = (await client.callTool({ name: 'my-weather__forecast', arguments: { city: 'Oslo', days: 2 } })) as CallToolResult;
    expect(forecast.content).toEqual([{ type: 'text', text: 'Oslo: sunny' }]);

    const removed = await t.app.inject({ method: 'DELETE', url: `/custom-packs/packs/${packId}/servers/my-weather`, headers: owner.headers });
    expect(removed.statusCode).toBe(200);
    await until(async () => changes >= 2, 15_000);
    expect(await names(client)).not.toContain('my-weather__forecast');
  });

  it('follows the caller\'s enabled servers on /mcp/servers, with list_changed on a toggle', async () => {
    let changes = 0;
    const client = await connect('/mcp/servers', owner, () => changes++);
    expect(await names(client)).not.toContain('everything__echo');
    const toggle = (enabled: boolean) => t.app.inject({ method: 'POST', url: '/mcp_servers/toggle', headers: owner.headers, payload: { server: 'everything', enabled } });
    expect((await toggle(true)).statusCode).toBe(200);
    await until(async () => changes >= 1, 15_000);
    expect(await names(client)).toContain('everything__echo');
    const echo = (await client.callTool({ name: 'everything__echo', arguments: { message: 'enabled' } })) as CallToolResult;
    expect(echo.content).toEqual([{ type: 'text', text: 'Echo: enabled' }]);

    // Switching the server off drops it here and, as execution refuses it, from the pack too.
    let packChanges = 0;
    const pack = await connect(`/mcp/packs/${packId}`, owner, () => packChanges++);
    expect(await names(pack)).toContain('everything__echo');
    expect((await toggle(false)).statusCode).toBe(200);
    await until(async () => changes >= 2 && packChanges >= 1, 15_000);
    expect(await names(client)).not.toContain('everything__echo');
    expect(await names(pack)).not.toContain('everything__echo');
    expect((await toggle(true)).statusCode).toBe(200);
  });

  it('refuses a pack the caller may not see with REST\'s 404, and another user\'s session with 404', async () => {
    const rest = await t.app.inject({ method: 'GET', url: `/packs/${packId}`, headers: stranger.headers });
    expect(rest.statusCode).toBe(404);
    // The SDK client sees the HTTP status and our error body.
    await expect(connect(`/mcp/packs/${packId}`, stranger)).rejects.toMatchObject({ code: 404, message: expect.stringContaining('NOT_FOUND') });

    const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } };
    const post = (user: User, body: unknown, session?: string) =>
      fetch(`${base}/mcp/packs/${packId}`, {
        method: 'POST',
        headers: { ...user.headers, 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(session ? { 'mcp-session-id': session } : {}) },
        body: JSON.stringify(body),
      });
    const refused = await post(stranger, init);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ error: { code: 'NOT_FOUND', message: `No pack with id ${packId}` } });

    const opened = await post(owner, init);
    expect(opened.status).toBe(200);
    const session = opened.headers.get('mcp-session-id') as string;
    await opened.body?.cancel();
    expect(session).toBeTruthy();
    const hijack = await post(stranger, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, session);
    expect(hijack.status).toBe(404);
    expect((await hijack.json()).error.code).toBe('NOT_FOUND');
    // Without a session, anything but initialize is refused in the spec's error form.
    const stray = await post(owner, { jsonrpc: '2.0', id: 3, method: 'tools/list' });
    expect(stray.status).toBe(400);
    expect((await stray.json()).error).toMatchObject({ code: 'INVALID_REQUEST', details: { parameter: 'mcp-session-id' } });
  });

  it('opens a curated pack to every user, as GET /packs/{id} does', async () => {
    const [curated] = await t.db.insert(packs).values({ id: `curated-${randomUUID()}`, name: 'Curated', description: 'for everyone', ownerUserId: null }).returning();
    await replacePackServers(t.db, curated!.id, ['everything']);
    expect((await t.app.inject({ method: 'GET', url: `/packs/${curated!.id}`, headers: stranger.headers })).statusCode).toBe(200);
    const client = await connect(`/mcp/packs/${curated!.id}`, stranger);
    expect(await names(client)).toContain('everything__get-sum');
    const sum = (await client.callTool({ name: 'everything__get-sum', arguments: { a: 2, b: 3 } })) as CallToolResult;
    expect(sum.content).toEqual([{ type: 'text', text: 'The sum of 2 and 3 is 5.' }]);
  });

  it('counts a tools/call against the user\'s execution limit, shared with REST; listing is not counted', async () => {
    const free = await t.createUser({ plan: 'free' });
    const [curated] = await t.db.insert(packs).values({ id: `curated-${randomUUID()}`, name: 'Limited', description: 'x', ownerUserId: null }).returning();
    await replacePackServers(t.db, curated!.id, ['everything']);
    const client = await connect(`/mcp/packs/${curated!.id}`, free);
    // Fixed one-minute windows: keep the three calls inside one.
    const second = new Date().getSeconds();
    if (second >= 55) await sleep((61 - second) * 1000);
    const echo = () => client.callTool({ name: 'everything__echo', arguments: { message: 'x' } });
    await echo();
    const rest = await t.app.inject({ method: 'POST', url: '/v1/execute_tool', headers: free.headers, payload: { tool_name: 'echo', params: { message: 'x' } } });
    expect(rest.statusCode).toBe(200);
    await expect(echo()).rejects.toMatchObject({ code: 429, message: expect.stringContaining('RATE_LIMITED') });
    expect(await names(client)).toContain('everything__echo');
  });

  it('refuses a Host that is not this loopback service\'s (DNS rebinding), as /mcp does', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/mcp/servers', headers: { ...owner.headers, host: 'attacker.example:80', accept: 'application/json, text/event-stream' }, payload: {} });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('FORBIDDEN');
  });

  it('gives install snippets for common clients that point at the pack endpoint, and they connect', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/custom-packs/packs/${packId}/install`, headers: { ...owner.headers, host: 'sb.example.test' } });
    expect(response.statusCode).toBe(200);
    const install = response.json();
    const url = `http://sb.example.test/mcp/packs/${packId}`;
    const name = 'switchboard-everyday';
    expect(install).toEqual({
      pack_id: packId,
      command: `claude mcp add --transport http ${name} ${url} --header "Authorization: Bearer $SWITCHBOARD_API_KEY"`,
      install_steps: expect.arrayContaining([expect.stringContaining('export SWITCHBOARD_API_KEY=')]),
      mcp_url: url,
      server_name: name,
      clients: {
        claude_code: {
          command: install.command,
          file: '.mcp.json',
          config: { mcpServers: { [name]: { type: 'http', url, headers: { Authorization: 'Bearer ${SWITCHBOARD_API_KEY}' } } } },
        },
        cursor: { file: '~/.cursor/mcp.json', config: { mcpServers: { [name]: { url, headers: { Authorization: 'Bearer ${env:SWITCHBOARD_API_KEY}' } } } } },
        vscode: {
          file: '.vscode/mcp.json',
          config: {
            inputs: [{ type: 'promptString', id: 'switchboard-api-key', description: 'Switchboard API key', password: true }],
            servers: { [name]: { type: 'http', url, headers: { Authorization: 'Bearer ${input:switchboard-api-key}' } } },
          },
        },
        claude_desktop: {
          file: 'claude_desktop_config.json',
          config: {
            mcpServers: { [name]: { command: 'npx', args: ['-y', 'mcp-remote', url, '--header', 'Authorization:${SWITCHBOARD_AUTH_HEADER}'], env: { SWITCHBOARD_AUTH_HEADER: 'Bearer <your API key>' } } },
          },
        },
      },
    });
    // What a client does with the snippet: the configured URL (on this host) with the key in the configured header.
    const header = install.clients.vscode.config.servers[name].headers.Authorization.replace('${input:switchboard-api-key}', owner.apiKey);
    const client = new Client({ name: 'snippet', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(install.mcp_url.replace('http://sb.example.test', base)), { requestInit: { headers: { Authorization: header } } }));
    clients.push(client);
    expect(await names(client)).toContain('everything__echo');
    // Someone else's custom pack has no install instructions for them (REST's 404).
    expect((await t.app.inject({ method: 'GET', url: `/custom-packs/packs/${packId}/install`, headers: stranger.headers })).statusCode).toBe(404);
  });

  it('refuses the admin key, which has no tools of its own, as REST user routes do', async () => {
    const response = await fetch(`${base}/mcp/servers`, {
      method: 'POST',
      headers: { ...t.adminHeaders, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }),
    });
    expect(response.status).toBe(403);
    expect((await response.json()).error.code).toBe('FORBIDDEN');
  });

  it('says in each listed tool what a call needs first, and a change of it is a list change', async () => {
    const client = await connect(`/mcp/packs/${packId}`, owner);
    const stateOf = async () => (await client.listTools()).tools.find((tool) => tool.name === 'everything__echo')?._meta?.['switchboard/availability'];
    expect(await stateOf()).toBe('ready');
    const auth = { type: 'token', required: true, env_var: 'ECHO_TOKEN' };
    await t.db.update(mcpServers).set({ authentication: auth }).where(eq(mcpServers.name, 'everything'));
    try {
      expect(await stateOf()).toBe('needs_credentials');
    } finally {
      await t.db.update(mcpServers).set({ authentication: null }).where(eq(mcpServers.name, 'everything'));
    }
    expect(await stateOf()).toBe('ready');
  });
});
