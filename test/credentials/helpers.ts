import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { SERVER_REFRESH_WORKFLOW, workflowArgs } from '../../contracts/index.ts';
import type { ServerRefreshOutput } from '../../contracts/index.ts';
import type { Database } from '../../db/client.ts';
import { createLogger } from '../../platform/logger.ts';
import { NO_FETCH_DOMAIN, resolvePackageBin } from '../../mcp/index.ts';
import type { TestApp } from '../support/test-app.ts';

/** The name of the admin entry every credentials test runs: server-everything behind a required token. */
export const TOKEN_SERVER = 'token-everything';
export const VENDOR_SETUP_URL = 'https://vendor.example/tokens';

/**
 * Registers real server-everything (stdio) through the admin registry route, its entry declaring
 * `authentication: {type: 'token', required: true, env_var: 'X_TOKEN'}`, and waits for its tools
 * from a live tools/list (the refresh workflow).
 */
export async function addTokenServer(t: TestApp, name = TOKEN_SERVER): Promise<void> {
  const launch = { type: 'stdio', command: process.execPath, args: [resolvePackageBin('@modelcontextprotocol/server-everything')], env: { GZIP_ALLOWED_DOMAINS: NO_FETCH_DOMAIN } };
  const created = await t.app.inject({
    method: 'POST',
    url: '/admin/mcp_registry',
    headers: t.adminHeaders,
    payload: {
      name,
      display_name: 'Everything behind a token',
      description: 'server-everything whose entry requires a token',
      url: 'https://example.com',
      icon: 'flask',
      category: 'development',
      launch,
      authentication: { type: 'token', required: true, env_var: 'X_TOKEN', setup_url: VENDOR_SETUP_URL },
    },
  });
  if (created.statusCode !== 201) throw new Error(`admin entry: ${created.statusCode} ${created.body}`);
  const out = (await t.temporal.client.workflow.execute(SERVER_REFRESH_WORKFLOW, {
    workflowId: `test-refresh-${randomUUID()}`,
    taskQueue: t.taskQueue,
    args: workflowArgs(SERVER_REFRESH_WORKFLOW, { servers: [name] }),
  })) as ServerRefreshOutput;
  if (out.status !== 'completed') throw new Error(`${name} refresh failed: ${JSON.stringify(out.refreshed)}`);
}

/** Every log line the service writes, at debug, for a search afterwards. */
export function capturedLogger() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: createLogger('debug', {}, sink), text: () => lines.join('') };
}

/** Every table of the public schema as text, row by row: where a clear value would show. */
export async function databaseDump(db: Database): Promise<string> {
  const rowsOf = <T>(result: unknown) => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
  const tables = rowsOf<{ table_name: string }>(await db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`));
  const parts: string[] = [];
  for (const { table_name } of tables) {
    const rows = rowsOf<{ row: string }>(await db.execute(sql`select row_to_json(t)::text as row from ${sql.identifier(table_name)} t`));
    parts.push(`${table_name}\n${rows.map((r) => r.row).join('\n')}`);
  }
  return parts.join('\n');
}
