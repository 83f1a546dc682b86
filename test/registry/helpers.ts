import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Client } from '@temporalio/client';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { startHttpHost } from '../mcp/helpers/http-host.ts';
import type { TestApp } from '../support/test-app.ts';

/** A real streamable-HTTP MCP server (SDK McpServer) with a weather and a forecast tool. */
export async function startWeatherServer() {
  return startHttpHost(
    () => {
      const server = new McpServer({ name: 'weather-test', version: '1.2.3' });
      server.registerTool('current-weather', { description: 'Current weather for a city', inputSchema: { city: z.string() } }, async ({ city }) => ({
        content: [{ type: 'text', text: `${city}: 21C` }],
      }));
      server.registerTool('forecast', { description: 'Five-day forecast for a city', inputSchema: { city: z.string(), days: z.number().int() } }, async ({ city }) => ({
        content: [{ type: 'text', text: `${city}: sunny` }],
      }));
      return server;
    },
    { streamable: true, sse: false },
  );
}

/**
 * A local stand-in for the official MCP Registry: GET /v0.1/servers serves the given
 * server.json documents in the registry's list format, `pageSize` per page with nextCursor.
 */
export async function startUpstreamRegistry(documents: Record<string, unknown>[], pageSize = 2, options: { failAfter?: number } = {}) {
  const requests: string[] = [];
  const http = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(url.pathname + url.search);
    if (url.pathname === '/broken') return void res.writeHead(500).end('upstream down');
    // Pages past `failAfter` answer 500: an upstream that fails in the middle of a sync.
    if (options.failAfter !== undefined && Number(url.searchParams.get('cursor') ?? 0) >= options.failAfter * pageSize) return void res.writeHead(500).end('upstream down');
    if (url.pathname !== '/v0.1/servers') return void res.writeHead(404).end('{}');
    const start = Number(url.searchParams.get('cursor') ?? 0);
    const page = documents.slice(start, start + pageSize);
    const next = start + pageSize < documents.length ? String(start + pageSize) : undefined;
    const body = {
      servers: page.map((server) => ({
        server,
        _meta: { 'io.modelcontextprotocol.registry/official': { status: 'active', isLatest: true, publishedAt: '2025-10-01T00:00:00Z' } },
      })),
      metadata: { count: page.length, ...(next ? { nextCursor: next } : {}) },
    };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v0.1/servers`,
    brokenUrl: `http://127.0.0.1:${port}/broken`,
    requests,
    close: () => new Promise<void>((resolve) => http.close(() => resolve())),
  };
}

/**
 * Runs the registry sync through the API and returns its body; by default also waits for the
 * search re-index it started, so retrieval sees the tools and no activity outlives the file.
 */
export async function syncRegistry(t: TestApp, upstreamUrl?: string, options: { waitForIndex?: boolean } = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/admin/mcp_registry/sync-to-database',
    headers: t.adminHeaders,
    ...(upstreamUrl ? { payload: { upstream_url: upstreamUrl } } : {}),
  });
  if (response.statusCode !== 200) throw new Error(`sync failed: ${response.statusCode} ${response.body}`);
  const body = response.json();
  if (options.waitForIndex !== false) await waitForReindex(t, body.reindex_workflow_id);
  return body;
}

/** Waits for the catalog's reindex workflow a registry sync started (it returns without waiting for it). */
export async function waitForReindex(t: { temporal: { client: Client } }, workflowId: string | null | undefined): Promise<void> {
  if (workflowId) await t.temporal.client.workflow.getHandle(workflowId).result();
}

/** The nested error body's code, for terse assertions. */
export const errorCode = (response: { json(): unknown }) => (response.json() as { error: { code: string } }).error.code;

/** beforeAll time limit: the first sync of a fresh database embeds the whole bundled catalog. */
export const SYNC_TIMEOUT_MS = 300_000;

/** Real entries of the bundled catalog that the small test catalog keeps (and curated packs use). */
export const SMALL_CATALOG = ['github', 'gitlab', 'slack', 'postgres', 'sentry', 'time-reference'];

/**
 * Puts a few real entries of the bundled catalog in `<DATA_DIR>/catalog/servers.json`, the
 * operator override the sync reads first: the full catalog (8,000+ tools to embed) is synced
 * once, in registry-sync.test.ts, not in every file.
 */
export function useSmallCatalog(t: TestApp): void {
  const bundled = JSON.parse(readFileSync(new URL('../../catalog/servers.json', import.meta.url), 'utf8')) as { servers: { name: string }[] };
  const folder = join(t.config.DATA_DIR, 'catalog');
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'servers.json'), JSON.stringify({ servers: bundled.servers.filter((s) => SMALL_CATALOG.includes(s.name)) }));
}
