import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeySecret } from '../../domain/api-key-format.ts';
import { addTokenServer, TOKEN_SERVER } from '../credentials/helpers.ts';
import { SYNC_TIMEOUT_MS, syncRegistry, useSmallCatalog } from '../registry/helpers.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';

// Issue 37, item 4: credential changes and key and token grants are audited, with names and
// ids only. The secret values are then searched for in the table and in the export.
describe('the audit log', () => {
  let t: TestApp;
  let user: Awaited<ReturnType<TestApp['createUser']>>;
  const secret = `tok-${'s3cr3t'.repeat(4)}-${Date.now()}`;
  let createdKey = '';
  let sessionToken = '';

  beforeAll(async () => {
    t = await createTestApp();
    useSmallCatalog(t);
    await syncRegistry(t);
    await addTokenServer(t);
    user = await t.createUser();
    const put = await t.app.inject({ method: 'PUT', url: `/mcp_servers/${TOKEN_SERVER}/credentials`, headers: user.headers, payload: { values: { X_TOKEN: secret } } });
    expect(put.statusCode).toBe(200);
    const removed = await t.app.inject({ method: 'DELETE', url: `/mcp_servers/${TOKEN_SERVER}/credentials/X_TOKEN`, headers: user.headers });
    expect(removed.statusCode).toBe(204);
    const key = await t.app.inject({ method: 'POST', url: '/api-keys', headers: user.headers });
    expect(key.statusCode).toBe(201);
    createdKey = key.json().api_key;
    const revoked = await t.app.inject({ method: 'DELETE', url: `/api-keys/${key.json().id}`, headers: user.headers });
    expect(revoked.statusCode).toBe(200);
    const login = await t.app.inject({ method: 'POST', url: '/auth/login', headers: user.headers });
    expect(login.statusCode).toBe(200);
    sessionToken = login.json().access_token;
  }, SYNC_TIMEOUT_MS);
  afterAll(async () => t?.close());

  const page = async (query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/admin/audit?${query}`, headers: t.adminHeaders });
    expect(res.statusCode).toBe(200);
    type Entry = { id: number; action: string; target: string; request_id: string | null; actor: { kind: string; id: string | null }; details: Record<string, unknown> };
    return res.json() as { entries: Entry[]; next_cursor: number | null };
  };

  it('records credential changes, key grants and revocations and sessions, by the user, with the request id', async () => {
    const { entries } = await page(`actor_id=${user.user.id}&limit=50`);
    expect(entries.map((e) => `${e.action} ${e.actor.kind}`).reverse()).toEqual(['credential.set user', 'credential.delete user', 'api_key.create user', 'api_key.revoke user', 'session.issue user']);
    expect(entries.find((e) => e.action === 'credential.set')).toMatchObject({ target: TOKEN_SERVER, details: { names: ['X_TOKEN'] }, request_id: expect.any(String) });
  });

  it('filters by action and pages by cursor', async () => {
    const first = await page(`actor_id=${user.user.id}&limit=2`);
    expect(first.entries).toHaveLength(2);
    const second = await page(`actor_id=${user.user.id}&limit=2&cursor=${first.next_cursor}`);
    expect(second.entries[0]!.id).toBeLessThan(first.entries[1]!.id);
    expect((await page('action=registry.create')).entries.map((e) => e.target)).toContain(TOKEN_SERVER);
  });

  it('exports JSON lines and never holds a secret value, in the table or the export', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/admin/audit.jsonl', headers: t.adminHeaders });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    const lines = res.body.trim().split('\n').map((line) => JSON.parse(line) as { action: string });
    expect(lines.map((l) => l.action)).toEqual(expect.arrayContaining(['credential.set', 'api_key.create', 'session.issue', 'registry.create', 'registry.sync']));
    const table = JSON.stringify(await t.db.execute(sql`select * from audit_log`));
    const secretPart = apiKeySecret(createdKey);
    expect(secretPart).not.toBeNull();
    for (const value of [secret, createdKey, secretPart!, sessionToken, user.apiKey]) {
      expect(table).not.toContain(value);
      expect(res.body).not.toContain(value);
    }
  });

  it('is append-only', async () => {
    await expect(t.db.execute(sql`update audit_log set action = 'x'`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from audit_log`)).rejects.toThrow();
  });
});
