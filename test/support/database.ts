import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { openDatabase } from '../../db/client.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { testDatabaseUrl, uniqueId } from './services.ts';

export interface TestDatabase {
  /** Connection URL of the new, empty database (same credentials as TEST_DATABASE_URL). */
  url: string;
  /** Drops the database, closing any connection a test forgot to end. */
  drop(): Promise<void>;
}

async function asAdmin(sql: string): Promise<void> {
  const admin = postgres(testDatabaseUrl(), { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(sql);
  } finally {
    await admin.end();
  }
}

/**
 * A fresh empty database on the test Postgres server, one per test file (STYLE rule 13):
 * cheaper than a server per file, and no cleanup between files. Call `drop()` in afterAll.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  // Unquoted identifiers must not contain dashes; the name is ours, so no injection risk.
  const name = uniqueId('sbtest').replaceAll('-', '_');
  await asAdmin(`create database ${name}`);
  const url = new URL(testDatabaseUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => asAdmin(`drop database if exists ${name} with (force)`),
  };
}

type Cleanup = () => Promise<void>;

/**
 * For `describe.each`: an empty database of each driver the service runs on, Postgres (a fresh
 * database on the test server) and PGlite (a fresh folder), opened on demand. Closing and
 * removing each is pushed onto `cleanups`, which the test file runs (last first) in afterAll.
 */
export function eachDriver(cleanups: Cleanup[]): Array<[string, () => Promise<DatabaseHandle>]> {
  return [
    [
      'Postgres',
      async () => {
        const database = await createTestDatabase();
        const handle = openDatabase({ url: database.url, dataDir: tmpdir() });
        cleanups.push(() => database.drop(), () => handle.close());
        return handle;
      },
    ],
    [
      'PGlite',
      async () => {
        const dir = mkdtempSync(join(tmpdir(), 'sb-pglite-'));
        const handle = openDatabase({ dataDir: dir });
        cleanups.push(async () => rmSync(dir, { recursive: true, force: true }), () => handle.close());
        return handle;
      },
    ],
  ];
}
