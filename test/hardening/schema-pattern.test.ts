import type { AddressInfo } from 'node:net';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../platform/logger.ts';
import { startHttpHost } from '../mcp/helpers/http-host.ts';
import type { HttpHost } from '../mcp/helpers/http-host.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { probeStall } from './helpers/stall-probe.ts';

// Issue 33, item 5: the API checked tool arguments against the tool's inputSchema with ajv on
// V8's backtracking engine, so any MCP server could ship a pattern that freezes an API replica:
// `^(a+)+$` took 1–2.7 s at 26 characters, and doubles with each one more. Here a deliberately
// hostile server, registered as a user's custom server through the API, ships such a pattern
// (as `pattern` and as a `patternProperties` key) and one RE2 cannot run (a lookahead).

/** A real streamable-HTTP MCP server whose tools carry hostile patterns; calls echo their arguments. */
function hostileServer() {
  return startHttpHost(
    () => {
      const server = new Server({ name: 'hostile-patterns', version: '1.0.0' }, { capabilities: { tools: {} } });
      server.setRequestHandler(ListToolsRequestSchema, async () => ({
        tools: [
          { name: 'guarded', description: 'Takes a code of a letters', inputSchema: { type: 'object', properties: { code: { type: 'string', pattern: '^(a+)+$' } }, required: ['code'] } },
          { name: 'keyed', description: 'Takes counters by name', inputSchema: { type: 'object', patternProperties: { '^(a+)+$': { type: 'number' } } } },
          { name: 'lookaround', description: 'Takes a user name', inputSchema: { type: 'object', properties: { name: { type: 'string', pattern: '^(?!admin).*$' } } } },
        ],
      }));
      server.setRequestHandler(CallToolRequestSchema, async (request) => ({ content: [{ type: 'text', text: `got ${JSON.stringify(request.params.arguments)}` }] }));
      return server;
    },
    { streamable: true, sse: false },
  );
}

const lines: string[] = [];
let t: TestApp;
let host: HttpHost;
let base: string;
let headers: Record<string, string>;

beforeAll(async () => {
  const logger = createLogger('warn', {}, { write: (line: string) => void lines.push(line) });
  t = await createTestApp({ logger, env: { ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' } });
  host = await hostileServer();
  ({ headers } = await t.createUser({ plan: 'pro' }));
  const created = await t.app.inject({
    method: 'POST',
    url: '/custom-packs/mcp-servers',
    headers,
    payload: { name: 'hostile-patterns', display_name: 'Hostile patterns', description: 'ReDoS patterns in its schemas', config: { url: host.mcpUrl } },
  });
  expect(created.statusCode, created.body).toBe(201);
  expect(created.json().tools_count).toBe(3);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await host?.close();
  await t?.close();
});

const execute = (tool: string, params: Record<string, unknown>) =>
  probeStall({ base, path: '/v1/execute_tool', headers, body: JSON.stringify({ tool_name: `hostile-patterns/${tool}`, params }) });

describe('tool-schema patterns cannot freeze the API', () => {
  it('refuses an argument that a catastrophic pattern does not match, promptly, while /health answers', async () => {
    const { answer, health } = await execute('guarded', { code: `${'a'.repeat(30)}!` });
    expect(answer.status, answer.body).toBe(400);
    // The v1 envelope's form of INVALID_ARGUMENTS (test/execution/direct.test.ts).
    expect(JSON.parse(answer.body)).toMatchObject({ success: false, error: { code: 'INVALID_REQUEST', details: { argument: 'code' } } });
    expect(answer.body).toContain('must match pattern');
    expect(health.status).toBe(200);
    // Bounded, not timed: the backtracking engine needs minutes for 30 characters.
    expect(health.ms).toBeLessThan(5_000);
  });

  it('still runs the tool when the argument matches', async () => {
    const { answer } = await execute('guarded', { code: 'a'.repeat(1_000) });
    expect(answer.status, answer.body).toBe(200);
    expect(answer.body).toContain(`got {\\"code\\":\\"${'a'.repeat(1_000)}\\"}`);
  });

  it('matches patternProperties keys on the same engine', async () => {
    const refused = await execute('keyed', { aaa: 'not a number' });
    expect(refused.answer.status, refused.answer.body).toBe(400);
    const hostileKey = await execute('keyed', { [`${'a'.repeat(30)}!`]: 'any' });
    expect(hostileKey.answer.status, hostileKey.answer.body).toBe(200);
    expect(hostileKey.health.ms).toBeLessThan(5_000);
  });

  it('leaves a pattern RE2 cannot express unchecked, logs it once, and lets the tool decide', async () => {
    // `^(?!admin).*$` refuses "admin" in JavaScript; RE2 has no lookahead, so the check is skipped
    // (decisions.md, "Hardening 2: linear-time text") and the tool receives the argument.
    const first = await execute('lookaround', { name: 'admin' });
    expect(first.answer.status, first.answer.body).toBe(200);
    expect(first.answer.body).toContain('got {\\"name\\":\\"admin\\"}');
    await execute('lookaround', { name: 'admin' });
    const warnings = lines.map((l) => JSON.parse(l) as { msg: string; pattern?: string }).filter((l) => l.pattern === '^(?!admin).*$');
    expect(warnings).toHaveLength(1);
    expect(warnings[0].msg).toContain('not checked');
  });
});
