import { chmodSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { preparedStatements } from './prepared-statements.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** Both drivers produce this type, so repositories never know which one runs. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Any fixed number: the advisory lock that serializes migrations across processes. */
const MIGRATION_LOCK = 4_711_2026;

/**
 * Replicas started together against a fresh database would each apply the migrations and
 * collide (duplicate types and tables). A session-level advisory lock, held on a connection of
 * its own (the pool may have only one), lets one process migrate while the others wait; they
 * then find nothing to do.
 */
async function migrateAlone(url: string, sql: postgres.Sql): Promise<void> {
  const lock = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await lock`select pg_advisory_lock(${MIGRATION_LOCK})`;
    await migratePostgres(drizzlePostgres(sql), { migrationsFolder });
  } finally {
    // Ending the session releases the lock too, also when the unlock cannot be sent.
    await lock.end({ timeout: 5 });
  }
}

/** Opens Postgres when a URL is given, otherwise PGlite stored in `<dataDir>/pglite`. */
export function openDatabase(options: { url?: string; dataDir: string; maxConnections?: number }): DatabaseHandle {
  const { url } = options;
  if (url) {
    const sql = postgres(url, { max: options.maxConnections ?? 10, onnotice: () => {} });
    const db = drizzlePostgres(preparedStatements(sql), { schema }) as unknown as Database;
    return {
      db,
      driver: 'postgres',
      migrate: () => migrateAlone(url, sql),
      close: () => sql.end({ timeout: 5 }),
    };
  }
  const folder = join(options.dataDir, 'pglite');
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const client = new PGlite(folder);
  // PGlite writes its initial files 0666 whatever the umask; later files follow the umask
  // (077 under platform/entry.ts). So the tree is made private once it is open, which also fixes
  // a folder from an older run.
  const private_ = client.waitReady.then(() => makeTreePrivate(folder));
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    driver: 'pglite',
    migrate: async () => {
      await private_;
      await migratePglite(drizzlePglite(client), { migrationsFolder });
    },
    close: () => client.close(),
  };
}

/** Folders 0700, files 0600, where they grant anything to group or others. Best effort per entry. */
function makeTreePrivate(path: string): void {
  let stat;
  try {
    stat = statSync(path);
    if (stat.mode & 0o077) chmodSync(path, stat.isDirectory() ? 0o700 : 0o600);
  } catch {
    return; // gone meanwhile, or not ours: the database works either way
  }
  if (stat.isDirectory()) for (const name of readdirSync(path)) makeTreePrivate(join(path, name));
}
