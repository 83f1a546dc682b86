import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { createAccount } from '../../db/accounts.ts';
import { findKeyWithUser } from '../../db/api-keys.ts';
import { apiKeyPrefix } from '../../domain/api-key-format.ts';
import { createTestDatabase } from '../support/database.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function tableNames(handle: DatabaseHandle): Promise<string[]> {
  const result = await handle.db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  );
  const rows = Array.isArray(result) ? result : (result as unknown as { rows: { table_name: string }[] }).rows;
  return rows.map((r) => r.table_name);
}

/** The same migrations must give the same schema on both drivers, and run twice without harm. */
async function migrateTwiceAndUse(handle: DatabaseHandle) {
  await handle.migrate();
  await handle.migrate();
  const { user, apiKey } = await createAccount(handle.db, { email: `m${Date.now()}@example.test`, plan: 'pro' });
  const found = await findKeyWithUser(handle.db, apiKeyPrefix(apiKey)!);
  expect(found?.user.id).toBe(user.id);
  expect(found?.key.hash).not.toContain(apiKey);
  return tableNames(handle);
}

describe('migrations', () => {
  it('apply once when several processes start together on a fresh Postgres database', async () => {
    const database = await createTestDatabase();
    const replicas = [1, 2, 3].map(() => openDatabase({ url: database.url, dataDir: '.', maxConnections: 3 }));
    cleanups.push(async () => {
      for (const replica of replicas) await replica.close();
      await database.drop();
    });
    await Promise.all(replicas.map((replica) => replica.migrate()));
    expect(await tableNames(replicas[0])).toContain('device_codes');
  });

  it('apply on PGlite and on Postgres with the same tables', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'sb-pglite-'));
    const lite = openDatabase({ dataDir: folder });
    cleanups.push(async () => {
      await lite.close();
      rmSync(folder, { recursive: true, force: true });
    });
    const database = await createTestDatabase();
    const pg = openDatabase({ url: database.url, dataDir: folder, maxConnections: 1 });
    cleanups.push(async () => {
      await pg.close();
      await database.drop();
    });
    expect(lite.driver).toBe('pglite');
    expect(pg.driver).toBe('postgres');
    const liteTables = await migrateTwiceAndUse(lite);
    const pgTables = await migrateTwiceAndUse(pg);
    expect(liteTables).toEqual(expect.arrayContaining(['users', 'api_keys', 'rate_limit_counters', 'events', 'mcp_servers', 'tools']));
    expect(pgTables).toEqual(liteTables);
  });
});
