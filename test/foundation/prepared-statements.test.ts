import { tmpdir } from 'node:os';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { rawRows } from '../../db/jobs/raw-rows.ts';
import { createTestDatabase } from '../support/database.ts';
import type { TestDatabase } from '../support/database.ts';

/**
 * drizzle's statements reach Postgres as prepared statements (db/prepared-statements.ts): one
 * round trip each once described, in and out of transactions. One connection, so that the
 * session's `pg_prepared_statements` is the one the statements went through.
 */
let database: TestDatabase;
let handle: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  handle = openDatabase({ url: database.url, dataDir: tmpdir(), maxConnections: 1 });
  await handle.db.execute(sql`create table probe (id int primary key, v int)`);
  await handle.db.execute(sql`insert into probe values (1, 10), (2, 20)`);
});

afterAll(async () => {
  await handle?.close();
  await database?.drop();
});

const prepared = (db: Pick<DatabaseHandle['db'], 'execute'>) =>
  rawRows<{ statement: string }>(db as DatabaseHandle['db'], sql`select statement from pg_prepared_statements`).then((rows) => rows.map((r) => r.statement));

describe('statements with parameters', () => {
  it('are prepared on the connection and answer as before', async () => {
    const rows = await rawRows<{ v: number }>(handle.db, sql`select v from probe where id = ${2}`);
    expect(rows).toEqual([{ v: 20 }]);
    expect(await prepared(handle.db)).toContain('select v from probe where id = $1');
  });

  it('are prepared inside a transaction and a savepoint, and their writes commit', async () => {
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`update probe set v = ${11} where id = ${1}`);
      await tx.transaction(async (inner) => {
        await inner.execute(sql`update probe set v = v + ${1} where id = ${1}`);
      });
      expect(await prepared(tx)).toEqual(expect.arrayContaining(['update probe set v = $1 where id = $2', 'update probe set v = v + $1 where id = $2']));
    });
    expect(await rawRows<{ v: number }>(handle.db, sql`select v from probe where id = ${1}`)).toEqual([{ v: 12 }]);
  });

  it('roll back with the transaction', async () => {
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`update probe set v = ${99} where id = ${2}`);
        throw new Error('abandon');
      }),
    ).rejects.toThrow('abandon');
    expect(await rawRows<{ v: number }>(handle.db, sql`select v from probe where id = ${2}`)).toEqual([{ v: 20 }]);
  });

  it('still run after a migration changes the type they return (kept statement prepared again)', async () => {
    const read = () => rawRows<{ v: unknown }>(handle.db, sql`select v from probe where id = ${2}`);
    expect(await read()).toEqual([{ v: 20 }]);
    await handle.db.execute(sql`alter table probe alter column v type text`);
    expect(await read()).toEqual([{ v: '20' }]);
  });
});
