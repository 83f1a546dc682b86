import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { SYNC_TIMEOUT_MS, useSmallCatalog } from './helpers.ts';

type Who = 'none' | 'user' | 'admin' | 'pro';
interface Case {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  who: Who;
  payload?: unknown;
  status: number;
  code: string;
}

const long = (n: number) => 'a'.repeat(n);
const entry = { name: 'new-entry', display_name: 'New', description: 'd', url: 'https://example.com', icon: 'x', category: 'custom', tools_count: 1 };

/** Bad input on every registry-area route, in the spec's error form; nothing is written. */
const CASES: Case[] = [
  { method: 'GET', url: '/mcp_registry?category=bogus', who: 'none', status: 400, code: 'INVALID_REQUEST' },
  { method: 'GET', url: '/mcp_registry?limit=0', who: 'none', status: 400, code: 'INVALID_REQUEST' },
  { method: 'GET', url: '/mcp_registry?offset=abc', who: 'none', status: 400, code: 'INVALID_REQUEST' },
  { method: 'GET', url: `/mcp_registry?q=${long(201)}`, who: 'none', status: 400, code: 'INVALID_REQUEST' },
  { method: 'GET', url: '/mcp_registry/Bad_Name', who: 'none', status: 400, code: 'INVALID_REQUEST' },
  { method: 'GET', url: '/mcp_registry/unknown-server', who: 'none', status: 404, code: 'NOT_FOUND' },
  { method: 'POST', url: '/admin/mcp_registry', who: 'admin', payload: { ...entry, name: undefined }, status: 400, code: 'INVALID_REQUEST' },
  { method: 'POST', url: '/admin/mcp_registry', who: 'admin', payload: { ...entry, name: 'Has Spaces' }, status: 400, code: 'INVALID_REQUEST' },
  { method: 'POST', url: '/admin/mcp_registry', who: 'admin', payload: { ...entry, name: long(65) }, status: 400, code: 'INVALID_REQUEST' },
  { method: 'POST', url: '/admin/mcp_registry', who: 'admin', payload: { ...entry, category: 'games' }, status: 400, code: 'INVALID_REQUEST' },
  { method: 'POST', url: '/admin/mcp_registry', who: 'admin', payload: { ...entry, url: 'not a url' }, status: 400, code: 'INVALID_REQUEST' },
  { method: 'POST', url: '/admin/mcp_registry', who: 'admin', payload: { ...entry, tools_count: '3' }, status: 400, code: 'INVALID_REQUEST' },
  { method: 'POST', url: '/admin/mcp_registry', who: 'admin', payload: { ...entry, description: long(2001) }, status: 400, code: 'INVALID_REQUEST' },
  { method: 'POST', url: '/admin/mcp_registry', who: 'admin', payload: { ...entry, launch: { type: 'carrier-pigeon' } }, status: 400, code: 'INVALID_REQUEST' },
  { method: 'POST', url: '/admin/mcp_registry', who: 'admin', payload: { ...entry, name: 'everything' }, status: 409, code: 'CONFLICT' },
  { method: 'POST', url: '/admin/mcp_registry', who: 'user', payload: entry, status: 403, code: 'FORBIDDEN' },
  { method: 'POST', url: '/admin/mcp_registry', who: 'none', payload: entry, status: 401, code: 'UNAUTHORIZED' },
  { method: 'PATCH', url: '/admin/mcp_registry/unknown-server', who: 'admin', payload: { description: 'x' }, status: 404, code: 'NOT_FOUND' },
  { method: 'PATCH', url: '/admin/mcp_registry/everything', who: 'admin', payload: {}, status: 400, code: 'INVALID_REQUEST' },
  { method: 'PATCH', url: '/admin/mcp_registry/everything', who: 'admin', payload: { category: 'games' }, status: 400, code: 'INVALID_REQUEST' },
  { method: 'DELETE', url: '/admin/mcp_registry/unknown-server', who: 'admin', status: 404, code: 'NOT_FOUND' },
  { method: 'DELETE', url: '/admin/mcp_registry/everything', who: 'user', status: 403, code: 'FORBIDDEN' },
  { method: 'POST', url: '/admin/mcp_registry/sync-to-database', who: 'admin', payload: { upstream_url: 'ftp://example.com/servers' }, status: 400, code: 'INVALID_REQUEST' },
  { method: 'POST', url: '/admin/mcp_registry/sync-to-database', who: 'user', status: 403, code: 'FORBIDDEN' },
  { method: 'POST', url: '/user-servers/sync-trigger', who: 'none', status: 401, code: 'UNAUTHORIZED' },
  { method: 'GET', url: '/v1/servers', who: 'none', status: 401, code: 'UNAUTHORIZED' },
  { method: 'GET', url: '/mcp_servers', who: 'none', status: 401, code: 'UNAUTHORIZED' },
  { method: 'POST', url: '/mcp_servers/toggle', who: 'user', payload: { server: 'everything', enabled: 'yes' }, status: 400, code: 'INVALID_REQUEST' },
  { method: 'POST', url: '/mcp_servers/toggle', who: 'user', payload: { enabled: true }, status: 400, code: 'INVALID_REQUEST' },
  { method: 'POST', url: '/mcp_servers/toggle', who: 'user', payload: { server: long(101), enabled: true }, status: 400, code: 'INVALID_REQUEST' },
  { method: 'POST', url: '/mcp_servers/toggle', who: 'user', payload: { server: 'unknown-server', enabled: true }, status: 404, code: 'SERVER_NOT_FOUND' },
  { method: 'GET', url: '/tools/installed', who: 'none', status: 401, code: 'UNAUTHORIZED' },
  { method: 'POST', url: '/v2/track_installation', who: 'user', payload: { server: 'everything' }, status: 400, code: 'INVALID_REQUEST' },
  { method: 'POST', url: '/v2/track_installation', who: 'user', payload: { tool_name: 'echo', server: 'unknown-server' }, status: 404, code: 'SERVER_NOT_FOUND' },
  { method: 'POST', url: '/v2/track_installation', who: 'user', payload: { tool_name: 'echo', server: 'everything', pack_id: 'no-pack' }, status: 404, code: 'NOT_FOUND' },
  { method: 'GET', url: '/user-servers/servers', who: 'none', status: 401, code: 'UNAUTHORIZED' },
  { method: 'POST', url: '/user-servers/servers', who: 'user', payload: { installed_servers: 'everything' }, status: 400, code: 'INVALID_REQUEST' },
  { method: 'POST', url: '/user-servers/servers', who: 'user', payload: { installed_servers: ['everything'], installed_packs: ['no-pack'] }, status: 404, code: 'NOT_FOUND' },
  { method: 'GET', url: '/packs/no-such-pack', who: 'none', status: 404, code: 'NOT_FOUND' },
  { method: 'GET', url: '/packs/no-such-pack/servers', who: 'none', status: 404, code: 'NOT_FOUND' },
  { method: 'GET', url: `/packs/${long(65)}`, who: 'none', status: 400, code: 'INVALID_REQUEST' },
  { method: 'POST', url: '/packs/enable', who: 'user', payload: {}, status: 400, code: 'INVALID_REQUEST' },
  { method: 'POST', url: '/packs/enable', who: 'user', payload: { pack_id: 123 }, status: 400, code: 'INVALID_REQUEST' },
  { method: 'POST', url: '/packs/enable', who: 'none', payload: { pack_id: 'mcp-reference' }, status: 401, code: 'UNAUTHORIZED' },
  { method: 'POST', url: '/capabilities/enable', who: 'user', payload: {}, status: 400, code: 'INVALID_REQUEST' },
  { method: 'POST', url: '/capabilities/enable', who: 'user', payload: { capability_id: 'unknown-server' }, status: 404, code: 'NOT_FOUND' },
  { method: 'POST', url: '/custom-packs/mcp-servers', who: 'pro', payload: { name: 'Bad Name', display_name: 'x', description: 'x' }, status: 400, code: 'INVALID_REQUEST' },
  { method: 'POST', url: '/custom-packs/mcp-servers', who: 'pro', payload: { name: 'ok-name', display_name: long(201), description: 'x' }, status: 400, code: 'INVALID_REQUEST' },
  { method: 'POST', url: '/custom-packs/mcp-servers', who: 'pro', payload: { name: 'ok-name', display_name: 'x', description: 'x', category: 'games' }, status: 400, code: 'INVALID_REQUEST' },
  { method: 'POST', url: '/custom-packs/mcp-servers', who: 'pro', payload: { name: 'ok-name', display_name: 'x', description: 'x', config: 'url' }, status: 400, code: 'INVALID_REQUEST' },
  { method: 'POST', url: '/custom-packs/mcp-servers', who: 'pro', payload: { name: 'ok-name', display_name: 'x', description: 'x', config: { url: 'nope' } }, status: 400, code: 'INVALID_REQUEST' },
  { method: 'POST', url: '/custom-packs/mcp-servers', who: 'pro', payload: { name: 'ok-name', display_name: 'x' }, status: 400, code: 'INVALID_REQUEST' },
  // SSRF: with private targets not allowed (the production default), loopback is refused.
  { method: 'POST', url: '/custom-packs/mcp-servers', who: 'pro', payload: { name: 'ok-name', display_name: 'x', description: 'x', config: { url: 'http://127.0.0.1:9/mcp' } }, status: 400, code: 'INVALID_REQUEST' },
  { method: 'POST', url: '/custom-packs/packs', who: 'pro', payload: { description: 'x' }, status: 400, code: 'INVALID_REQUEST' },
  { method: 'POST', url: '/custom-packs/packs', who: 'pro', payload: { name: 'p', description: 'x', servers: 'everything' }, status: 400, code: 'INVALID_REQUEST' },
  { method: 'POST', url: '/custom-packs/packs', who: 'pro', payload: { name: 'p', description: 'x', servers: ['memory', 'memory'] }, status: 400, code: 'INVALID_REQUEST' },
  { method: 'POST', url: '/custom-packs/packs', who: 'pro', payload: { name: 'p', description: 'x', servers: ['memory', 'ghost'] }, status: 404, code: 'SERVER_NOT_FOUND' },
  { method: 'POST', url: '/custom-packs/packs', who: 'pro', payload: { name: long(101), description: 'x' }, status: 400, code: 'INVALID_REQUEST' },
  { method: 'GET', url: '/custom-packs/packs?limit=1000', who: 'pro', status: 400, code: 'INVALID_REQUEST' },
  { method: 'GET', url: '/custom-packs/packs/no-such-pack', who: 'pro', status: 404, code: 'NOT_FOUND' },
  { method: 'GET', url: '/custom-packs/packs/mcp-reference', who: 'pro', status: 404, code: 'NOT_FOUND' },
  { method: 'PATCH', url: '/custom-packs/packs/no-such-pack', who: 'pro', payload: { name: 'x' }, status: 404, code: 'NOT_FOUND' },
  { method: 'PATCH', url: '/custom-packs/packs/no-such-pack', who: 'pro', payload: {}, status: 400, code: 'INVALID_REQUEST' },
  { method: 'DELETE', url: '/custom-packs/packs/no-such-pack', who: 'pro', status: 404, code: 'NOT_FOUND' },
  { method: 'POST', url: '/custom-packs/packs/no-such-pack/servers', who: 'pro', payload: {}, status: 400, code: 'INVALID_REQUEST' },
  { method: 'POST', url: '/custom-packs/packs/no-such-pack/servers', who: 'pro', payload: { server: 'memory' }, status: 404, code: 'NOT_FOUND' },
  { method: 'DELETE', url: '/custom-packs/packs/no-such-pack/servers/memory', who: 'pro', status: 404, code: 'NOT_FOUND' },
  { method: 'PUT', url: '/custom-packs/packs/no-such-pack/servers', who: 'pro', payload: { servers: 'memory' }, status: 400, code: 'INVALID_REQUEST' },
  { method: 'PUT', url: '/custom-packs/packs/no-such-pack/servers', who: 'pro', payload: { servers: ['memory'] }, status: 404, code: 'NOT_FOUND' },
  { method: 'GET', url: '/custom-packs/packs/no-such-pack/install', who: 'pro', status: 404, code: 'NOT_FOUND' },
  { method: 'GET', url: '/custom-packs/mcp-servers', who: 'none', status: 401, code: 'UNAUTHORIZED' },
  { method: 'GET', url: '/tools?limit=0', who: 'none', status: 400, code: 'INVALID_REQUEST' },
  { method: 'GET', url: '/tools?category=games', who: 'none', status: 400, code: 'INVALID_REQUEST' },
  { method: 'GET', url: '/tools/registry?category=games', who: 'none', status: 400, code: 'INVALID_REQUEST' },
  { method: 'GET', url: `/tools/registry/echo?server=${long(101)}`, who: 'none', status: 400, code: 'INVALID_REQUEST' },
  { method: 'GET', url: '/tools/registry/unknown-tool', who: 'none', status: 404, code: 'NOT_FOUND' },
];

describe('bad input on every registry route', () => {
  let t: TestApp;
  const headers: Partial<Record<Who, Record<string, string>>> = {};

  beforeAll(async () => {
    t = await createTestApp();
    useSmallCatalog(t);
    const sync = await t.app.inject({ method: 'POST', url: '/admin/mcp_registry/sync-to-database', headers: t.adminHeaders });
    expect(sync.statusCode).toBe(200);
    headers.none = {};
    headers.admin = t.adminHeaders;
    // Enterprise: no server_management rate limit, so the table's many writes are never a 429.
    headers.user = (await t.createUser({ plan: 'enterprise' })).headers;
    headers.pro = (await t.createUser({ plan: 'pro' })).headers;
  }, SYNC_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });

  it.each(CASES)('$method $url ($who) → $status $code', async (c) => {
    const response = await t.app.inject({ method: c.method, url: c.url, headers: headers[c.who], ...(c.payload === undefined ? {} : { payload: c.payload as object }) });
    expect(response.statusCode, response.body).toBe(c.status);
    expect(response.json()).toMatchObject({ error: { code: c.code, message: expect.any(String), details: expect.any(Object) } });
  });

  it('answers /v1 routes in the envelope form', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/tools?limit=101' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error: { code: 'INVALID_REQUEST', details: { parameter: 'limit' } }, meta: { request_id: expect.any(String) } });
    const detail = await t.app.inject({ method: 'GET', url: `/v1/tools/echo?server=${long(101)}`, headers: headers.user });
    expect(detail.json()).toMatchObject({ success: false, error: { code: 'INVALID_REQUEST' } });
  });

  it('wrote nothing on the refused requests', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/mcp_registry/new-entry' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/custom-packs/packs', headers: headers.pro })).json().pagination.total).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/custom-packs/mcp-servers', headers: headers.pro })).json().total).toBe(0);
    const state = (await t.app.inject({ method: 'GET', url: '/user-servers/servers', headers: headers.user })).json();
    expect(state).toEqual({ enabled_packs: [], enabled_servers: [], installed_servers: [] });
    const everything = (await t.app.inject({ method: 'GET', url: '/mcp_registry/everything' })).json();
    expect(everything.category).toBe('development');
  });
});
