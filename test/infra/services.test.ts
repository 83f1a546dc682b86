import { Connection } from '@temporalio/client';
import { existsSync } from 'node:fs';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../support/database.ts';
import { elasticsearchUrl, temporalAddress, temporalCliPath, uniqueId } from '../support/services.ts';

// Proves the services the other suites rely on really answer, through the same helpers.

describe('test services', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('creates a fresh Postgres database that accepts queries, and drops it', async () => {
    const database = await createTestDatabase();
    const sql = postgres(database.url, { max: 1, onnotice: () => {} });
    try {
      const [row] = await sql<{ db: string; answer: number }[]>`select current_database() as db, 6 * 7 as answer`;
      expect(database.url).toContain(`/${row!.db}`);
      expect(row!.answer).toBe(42);
      const [version] = await sql<{ server_version_num: string }[]>`show server_version_num`;
      expect(Number(version!.server_version_num)).toBeGreaterThanOrEqual(150000);
      await sql`create table t (id serial primary key)`;
      await sql`insert into t default values`;
      expect((await sql`select * from t`).length).toBe(1);
    } finally {
      await sql.end();
    }
    await database.drop();
    const admin = postgres(new URL('/postgres', database.url).toString(), { max: 1 });
    try {
      const name = new URL(database.url).pathname.slice(1);
      expect(await admin`select 1 from pg_database where datname = ${name}`).toHaveLength(0);
    } finally {
      await admin.end();
    }
  });

  it('reaches the Temporal frontend over gRPC', async () => {
    const connection = await Connection.connect({ address: temporalAddress() });
    cleanups.push(() => connection.close());
    const info = await connection.workflowService.getSystemInfo({});
    expect(info.serverVersion).toMatch(/^\d+\.\d+\.\d+/);
    const namespace = await connection.workflowService.describeNamespace({ namespace: 'default' });
    expect(namespace.namespaceInfo?.name).toBe('default');
  });

  it('has the Temporal CLI binary for the SDK test environment', () => {
    expect(existsSync(temporalCliPath())).toBe(true);
  });

  it('answers Elasticsearch cluster health and indexes a document', async () => {
    const health = (await (await fetch(`${elasticsearchUrl()}/_cluster/health`)).json()) as { status: string; number_of_nodes: number };
    expect(['green', 'yellow']).toContain(health.status);
    expect(health.number_of_nodes).toBeGreaterThanOrEqual(1);

    const index = uniqueId('infra-test');
    cleanups.push(async () => void (await fetch(`${elasticsearchUrl()}/${index}`, { method: 'DELETE' })));
    const put = await fetch(`${elasticsearchUrl()}/${index}/_doc/1?refresh=true`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'send an email' }),
    });
    expect(put.status).toBe(201);
    const search = (await (
      await fetch(`${elasticsearchUrl()}/${index}/_search?q=name:email`)
    ).json()) as { hits: { total: { value: number } } };
    expect(search.hits.total.value).toBe(1);
  });

  it('makes ids that are unique and lowercase', () => {
    const ids = new Set(Array.from({ length: 100 }, () => uniqueId('Q').toLowerCase()));
    expect(ids.size).toBe(100);
    expect(uniqueId('wf')).toMatch(/^wf-[a-z0-9]+$/);
  });
});
