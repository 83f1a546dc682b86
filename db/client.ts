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

/** Opens Postgres when a URL is given, otherwise PGlite stored in `<dataDir>/pglite`. */
export function openDatabase(options: { url?: string; dataDir: string; maxConnections?: number }): DatabaseHandle {
  if (options.url) {
    const sql = postgres(options.url, { max: options.maxConnections ?? 10, onnotice: () => {} });
    const db = drizzlePostgres(sql, { schema }) as unknown as Database;
    return {
      db,
      driver: 'postgres',
      migrate: () => migratePostgres(drizzlePostgres(sql), { migrationsFolder }),
      close: () => sql.end({ timeout: 5 }),
    };
  }
  const folder = join(options.dataDir, 'pglite');
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const client = new PGlite(folder);
  // PGlite writes its initial files 0666 whatever the umask; later files follow the umask
  // (077 under lib/entry.ts). So the tree is made private once it is open, which also fixes
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
