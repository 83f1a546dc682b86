import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_KEY } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';

// Walks the spec's route list: every route exists, and answers with its declared auth level.
const fixture = new URL('../fixtures/endpoints.tsv', import.meta.url);
const spec = new URL('../../../shared/spec/endpoints.tsv', import.meta.url);
const rows = readFileSync(fixture, 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const [method, path, auth] = line.split('\t');
    return { method: method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path, auth };
  });

let t: TestApp;
let userHeaders: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ worker: false });
  userHeaders = (await t.createUser()).headers;
});
afterAll(() => t?.close());

const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');
const concrete = (path: string) => path.replace(/\{(\w+)\}/g, 'sample-1');
const call = (row: (typeof rows)[number], headers: Record<string, string> = {}) =>
  t.app.inject({ method: row.method, url: concrete(row.path), headers });

describe('endpoints.tsv', () => {
  it('lists the 97 routes of the spec', () => {
    expect(rows).toHaveLength(97);
    // Beside the spec folder (a developer checkout), the copy must still match the contract.
    if (existsSync(spec)) expect(readFileSync(fixture, 'utf8')).toBe(readFileSync(spec, 'utf8'));
  });

  it('has every route', () => {
    const missing = rows.filter((row) => !t.app.hasRoute({ method: row.method, url: fastifyPath(row.path) }));
    expect(missing.map((row) => `${row.method} ${row.path}`)).toEqual([]);
  });

  it.each(rows.map((row) => [`${row.method} ${row.path} (${row.auth})`, row] as const))('%s answers at its auth level', async (_name, row) => {
    const anonymous = await call(row);
    if (row.auth === 'None') {
      expect([401, 403]).not.toContain(anonymous.statusCode);
    } else if (row.auth === 'Optional') {
      expect(anonymous.statusCode).not.toBe(401);
      expect((await call(row, { authorization: 'Bearer sb_0123456789_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' })).statusCode).toBe(401);
    } else if (row.auth === 'payment-provider signature') {
      expect(anonymous.statusCode).toBe(401);
    } else {
      expect(anonymous.statusCode).toBe(401);
      if (row.auth === 'Admin') expect((await call(row, userHeaders)).statusCode).toBe(403);
      if (row.auth === 'Required (user identity)') expect((await call(row, { 'x-admin-key': TEST_ADMIN_KEY })).statusCode).toBe(403);
      if (row.auth.startsWith('Required')) expect([401, 403]).not.toContain((await call(row, userHeaders)).statusCode);
    }
  });
});

// The document is the contract (issue 20): each operation declares its errors from its auth level.
describe('/openapi.json', () => {
  it('declares for every route of the spec a success answer and its error answers', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>>;
    };
    const problems: string[] = [];
    for (const row of rows) {
      const op = doc.paths[row.path]?.[row.method.toLowerCase()];
      if (!op) {
        problems.push(`${row.method} ${row.path}: not in the document`);
        continue;
      }
      const statuses = Object.keys(op.responses);
      const expected = ['400', '500'];
      if (row.auth !== 'None') expected.push('401');
      if (row.auth.startsWith('Required') || row.auth === 'Admin') expected.push('403');
      if (row.path.includes('{')) expected.push('404');
      const missing = expected.filter((status) => !statuses.includes(status));
      if (missing.length) problems.push(`${row.method} ${row.path}: no ${missing.join(', ')}`);
      if (!statuses.some((status) => status.startsWith('2'))) problems.push(`${row.method} ${row.path}: no success answer`);
      for (const status of statuses.filter((s) => /^[45]/.test(s))) {
        if (!op.responses[status]?.content?.['application/json']) problems.push(`${row.method} ${row.path}: ${status} has no JSON body schema`);
      }
    }
    expect(problems).toEqual([]);
  });
});
