import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';

// Issue 20, item 4: a NUL in any string was a 500 on at least 25 request shapes (unauthenticated
// GETs like /mcp_registry?q=ab%00c, bodies of jobs, webhooks, packs, ...), lone surrogates in
// `arguments`/`params` too, and JSON nested 5,000 deep a stack overflow on 7 routes. Every case
// below is generated from the app's own OpenAPI document, so a new route is covered unasked.

interface Operation {
  method: string;
  path: string;
  auth: string;
  params: { in: string; name: string }[];
  bodyProps: { name: string; freeForm: boolean }[] | null;
}

const UNLIMITED = { minute: 1_000_000, day: 1_000_000 };
let t: TestApp;
let operations: Operation[];
let userHeaders: Record<string, string>;

const authLevels = new Map(
  readFileSync(new URL('../fixtures/endpoints.tsv', import.meta.url), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t'))
    .map(([method, path, auth]) => [`${method} ${path}`, auth]),
);

beforeAll(async () => {
  t = await createTestApp({
    worker: false,
    env: { RATE_LIMITS: JSON.stringify({ free: { execution: UNLIMITED, server_management: UNLIMITED, retrieval: UNLIMITED, public_write: UNLIMITED } }) },
  });
  // An admin-role user passes every level: admin routes, user routes and optional ones.
  userHeaders = (await t.createUser({ plan: 'enterprise', role: 'admin' })).headers;
  const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
  operations = [];
  for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, Record<string, any>>>)) {
    for (const [method, op] of Object.entries(ops)) {
      const schema = op.requestBody?.content?.['application/json']?.schema;
      const props = schema ? Object.entries((schema.properties ?? {}) as Record<string, any>) : null;
      operations.push({
        method: method.toUpperCase(),
        path,
        auth: authLevels.get(`${method.toUpperCase()} ${path}`) ?? 'unknown',
        params: ((op.parameters ?? []) as { in: string; name: string }[]).filter((p) => p.in === 'path' || p.in === 'query'),
        bodyProps: props
          ? (props.length ? props : [['probe', {}] as [string, any]]).map(([name, s]) => ({ name, freeForm: s.type !== 'string' && s.type !== 'integer' && s.type !== 'number' && s.type !== 'boolean' }))
          : null,
      });
    }
  }
});
afterAll(() => t?.close());

/** The error object of a response in its route's family (decisions.md, "Which error form a route uses"). */
function errorOf(path: string, body: Record<string, any>): { code: string; message: string; details?: Record<string, unknown> } {
  if (path.startsWith('/v1/')) {
    expect(body).toMatchObject({ success: false, meta: { request_id: expect.any(String) } });
    return body.error;
  }
  if (path === '/retrieve_tools' || path === '/v2/retrieve_tools' || path.startsWith('/v0.1/')) {
    expect(body.error).toBe('Bad Request');
    return { code: body.code, message: body.message };
  }
  if (path === '/execute_tool') {
    expect(body).toHaveProperty('status');
    return body.error;
  }
  expect(Object.keys(body)).toEqual(['error']);
  return body.error;
}

const fill = (path: string, params: Record<string, string> = {}) =>
  path.replace(/\{([^}]+)\}/g, (_, name: string) => params[name] ?? 'probe');

function request(op: Operation, url: string, payload?: string) {
  const headers: Record<string, string> = op.auth === 'None' ? {} : { ...userHeaders };
  if (payload !== undefined) headers['content-type'] = 'application/json';
  return t.app.inject({ method: op.method as 'GET', url, headers, payload });
}

async function expectRefused(op: Operation, url: string, payload: string | undefined, field: string, reason: string) {
  const response = await request(op, url, payload);
  const label = `${op.method} ${op.path} ${field} ${reason}`;
  expect(response.statusCode, `${label}: ${response.body}`).toBe(400);
  const error = errorOf(op.path, response.json());
  expect(error.code, label).toBe('INVALID_REQUEST');
  expect(error.message, label).toContain(field);
  if (error.details) expect(error.details, label).toMatchObject({ parameter: field, reason });
}

describe('bad input is a 400 on every route', () => {
  it('covers the routes of the spec', () => {
    expect(operations.length).toBeGreaterThan(90);
    expect(operations.filter((o) => o.bodyProps).length).toBeGreaterThan(40);
  });

  it('refuses a NUL in every path and query parameter, before authentication', async () => {
    let cases = 0;
    for (const op of operations) {
      for (const p of op.params) {
        const url = p.in === 'path' ? fill(op.path, { [p.name]: 'x%00y' }) : `${fill(op.path)}?${encodeURIComponent(p.name)}=ab%00c`;
        await expectRefused(op, url, op.bodyProps ? '{}' : undefined, p.name, 'invalid_character');
        cases++;
      }
    }
    expect(cases).toBeGreaterThan(80);
    // The unauthenticated examples, with no credentials at all.
    for (const url of ['/mcp_registry?q=ab%00c', '/tools/registry/ech%00o', '/packs/x%00y']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.code).toBe('INVALID_REQUEST');
    }
  });

  it('refuses a NUL and a lone surrogate in every body field, and in free-form objects', async () => {
    let cases = 0;
    for (const op of operations) {
      for (const prop of op.bodyProps ?? []) {
        const url = fill(op.path);
        // Written as JSON text: \u0000 and \ud800 escapes are what a client sends.
        await expectRefused(op, url, `{"${prop.name}":"a\\u0000b"}`, prop.name, 'invalid_character');
        await expectRefused(op, url, `{"${prop.name}":"a\\ud800b"}`, prop.name, 'invalid_character');
        await expectRefused(op, url, `{"${prop.name}":"\\udc00"}`, prop.name, 'invalid_character');
        if (prop.freeForm) {
          await expectRefused(op, url, `{"${prop.name}":{"k":["ok","x\\ud83d"]}}`, `${prop.name}.k.1`, 'invalid_character');
          await expectRefused(op, url, `{"${prop.name}":{"a\\u0000b":1}}`, `${prop.name}.a\\u0000b`, 'invalid_character');
        }
        cases++;
      }
    }
    expect(cases).toBeGreaterThan(120);
  });

  it('refuses JSON nested 5,000 deep (10 KB) with 400 on every route with a body', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    for (const op of operations) {
      if (!op.bodyProps) continue;
      const name = op.bodyProps[0].name;
      await expectRefused(op, fill(op.path), `{"${name}":${deep}}`, 'body', 'too_deep');
    }
    // The anonymous example, with no credentials, and as a bare deep object.
    const deepObject = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const response = await t.app.inject({ method: 'POST', url: '/free-tools/run', headers: { 'content-type': 'application/json' }, payload: deepObject });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'INVALID_REQUEST', details: { reason: 'too_deep', max_depth: 64 } });
  });

  it('keeps well-formed text: surrogate pairs, brackets inside strings and moderate nesting pass the guard', async () => {
    const nested = `${'['.repeat(60)}"😀 [[[[ {{{{ \\" \\\\"${']'.repeat(60)}`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/free-tools/run',
      headers: { 'content-type': 'application/json' },
      payload: `{"tool_slug":"no-such-tool-😀","input":{"x":${nested}}}`,
    });
    // Past the guard: the route itself answers (unknown tool), not the guard.
    expect(response.json().error?.details?.reason).not.toBe('invalid_character');
    expect(response.json().error?.details?.reason).not.toBe('too_deep');
    expect(response.statusCode).toBeLessThan(500);
  });

  it('answers a URL that is not valid UTF-8 with 400 in our form, without echoing it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/packs/a%ED%A0%80b?api_key=sb_secretvalue' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'INVALID_REQUEST', details: { reason: 'invalid_encoding' } });
    expect(response.body).not.toContain('sb_secretvalue');
    expect(response.headers['x-request-id']).toBeTruthy();
  });
});
