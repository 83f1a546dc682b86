import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderError } from '../../api/error-forms.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ worker: false, env: { BODY_LIMIT_BYTES: '2048' } });
});
afterAll(() => t?.close());

const createUser = (payload: string, contentType = 'application/json') =>
  t.app.inject({ method: 'POST', url: '/admin/users', headers: { ...t.adminHeaders, 'content-type': contentType }, payload });

describe('errors and request ids', () => {
  it('answers unknown routes with 404 in the nested form', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/no/such/route' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Route GET /no/such/route not found', details: {} } });
  });

  it('answers malformed JSON, a wrong content type and an oversized body with 400', async () => {
    const malformed = await createUser('{"email": ');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toMatchObject({ code: 'INVALID_REQUEST', message: 'Request body is not valid JSON' });
    const wrongType = await createUser('email=a@b.co', 'application/x-www-form-urlencoded');
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error.message).toMatch(/Content-Type/);
    const plainText = await createUser('{"email":"a@b.co"}', 'text/plain');
    expect(plainText.statusCode).toBe(400);
    const oversized = await createUser(JSON.stringify({ email: 'a@b.co', padding: 'x'.repeat(4096) }));
    expect(oversized.statusCode).toBe(400);
    expect(oversized.json().error.details).toMatchObject({ limit_bytes: 2048 });
  });

  it('names the bad parameter of a validation failure', async () => {
    const missing = await createUser('{}');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details).toMatchObject({ parameter: 'email', reason: 'required', location: 'body' });
    const badPlan = await createUser('{"email":"a@b.co","plan":"gold"}');
    expect(badPlan.json().error.details).toMatchObject({ parameter: 'plan', reason: 'invalid' });
    const badParam = await t.app.inject({ method: 'GET', url: '/admin/users/not-a-uuid', headers: t.adminHeaders });
    expect(badParam.statusCode).toBe(400);
    expect(badParam.json().error.details).toMatchObject({ parameter: 'user_id', location: 'params' });
  });

  it('answers 409 on a duplicate and 404 on an unknown user, nothing half-written', async () => {
    expect((await createUser('{"email":"dup@example.test"}')).statusCode).toBe(201);
    const duplicate = await createUser('{"email":"DUP@example.test"}');
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.code).toBe('CONFLICT');
    const list = await t.app.inject({ method: 'GET', url: '/admin/users?limit=100', headers: t.adminHeaders });
    expect(list.json().users.filter((u: { email: string }) => u.email === 'dup@example.test')).toHaveLength(1);
    const unknown = await t.app.inject({ method: 'GET', url: '/admin/users/00000000-0000-4000-8000-000000000000', headers: t.adminHeaders });
    expect(unknown.statusCode).toBe(404);
  });

  it('keeps an incoming X-Request-Id and makes one otherwise', async () => {
    const kept = await t.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'req-abc.123' } });
    expect(kept.headers['x-request-id']).toBe('req-abc.123');
    const made = await t.app.inject({ method: 'GET', url: '/no/such' });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const unsafe = await t.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'bad id with spaces' } });
    expect(unsafe.headers['x-request-id']).not.toBe('bad id with spaces');
  });

  it('renders the three body forms', async () => {
    const request = { id: 'r1', routeOptions: { config: {} }, url: '/x' } as never;
    const error = { status: 429, code: 'RATE_LIMITED', message: 'slow down', details: { scope: 'retrieval' }, extra: { retry_after: 7 } };
    const envelope = renderError('envelope', request, error);
    expect(envelope).toMatchObject({ success: false, error: { code: 'RATE_LIMITED', retry_after: 7 }, meta: { request_id: 'r1' } });
    expect(Date.parse((envelope.meta as { timestamp: string }).timestamp)).not.toBeNaN();
    expect(renderError('nested', request, error)).toEqual({
      error: { code: 'RATE_LIMITED', message: 'slow down', details: { scope: 'retrieval' }, retry_after: 7 },
    });
    expect(renderError('plain', request, error)).toMatchObject({ error: 'Too Many Requests', message: 'slow down' });
  });

  it('serves the OpenAPI 3.1 document and the reference page', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/admin/users/{user_id}'].get).toBeDefined();
    expect(doc.paths['/admin/users'].post.requestBody.content['application/json'].schema.properties.email).toBeDefined();
    const page = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/swagger/i);
  });
});

describe('long path parameters', () => {
  it('are refused by the route in our error form, not by the router', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/admin/users/${'a'.repeat(300)}`, headers: t.adminHeaders });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'INVALID_REQUEST', details: { parameter: 'user_id' } });
  });
});
