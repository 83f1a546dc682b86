import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ worker: false });
});
afterAll(async () => t?.close());

const run = (tool_slug: string, input: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/free-tools/run', headers, payload: { tool_slug, input } as object });
const result = async (tool_slug: string, input: unknown) => {
  const res = await run(tool_slug, input);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result;
};

describe('POST /free-tools/run', () => {
  it('runs each tool for real', async () => {
    expect(await result('word-count', { text: 'Hello world. Two sentences!\n\nNew para' })).toMatchObject({
      words: 6,
      lines: 3,
      sentences: 3,
      paragraphs: 2,
      reading_time_seconds: 2,
    });
    expect(await result('slugify', { text: '  Crème Brûlée: the recipe!  ' })).toEqual({ slug: 'creme-brulee-the-recipe' });
    expect(await result('slugify', { text: 'a b c d', separator: '_', max_length: 4 })).toEqual({ slug: 'a_b' });
    expect(await result('json-format', { json: '{"b":1,"a":[1,2]}', indent: 0, sort_keys: true })).toEqual({ formatted: '{"a":[1,2],"b":1}', valid: true });
    const { uuids } = await result('uuid', { count: 3 });
    expect(uuids).toHaveLength(3);
    expect(new Set(uuids).size).toBe(3);
    expect(await result('hash', { text: 'abc' })).toEqual({ algorithm: 'sha256', encoding: 'hex', hash: createHash('sha256').update('abc').digest('hex') });
    expect(await result('base64', { text: 'héllo', mode: 'encode' })).toEqual({ result: Buffer.from('héllo').toString('base64') });
    expect(await result('base64', { text: 'aGk=', mode: 'decode' })).toEqual({ result: 'hi' });
  });

  it('answers the run envelope and works with or without credentials', async () => {
    const u = await t.createUser();
    const res = await run('uuid', {}, u.headers);
    expect(res.json()).toMatchObject({ tool_slug: 'uuid', status: 'success', execution_time_ms: expect.any(Number) });
    expect((await run('uuid', {}, { authorization: 'Bearer sb_wrong' })).statusCode).toBe(401);
  });

  it('400 INVALID_ARGUMENTS names the bad argument; 404 for an unknown tool', async () => {
    const bad = await run('json-format', { json: '{nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'INVALID_ARGUMENTS', argument: 'json' });
    const wrongType = await run('hash', { text: 'x', algorithm: 'crc32' });
    expect(wrongType.json().error).toMatchObject({ code: 'INVALID_ARGUMENTS', argument: 'algorithm' });
    expect((await run('base64', { text: '***', mode: 'decode' })).json().error.argument).toBe('text');
    expect((await run('word-count', { text: 'x'.repeat(100_001) })).statusCode).toBe(400);
    const unknown = await run('translate', { text: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('TOOL_NOT_FOUND');
  });

  it('400 INVALID_REQUEST for a malformed request', async () => {
    for (const payload of [{}, { tool_slug: 'uuid' }, { tool_slug: 'uuid', input: [] }, { tool_slug: 'UUID!', input: {} }, { tool_slug: 'uuid', input: {}, x: 1 }]) {
      const res = await t.app.inject({ method: 'POST', url: '/free-tools/run', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('INVALID_REQUEST');
    }
  });
});

describe('install and status', () => {
  it('status lists every tool with a JSON Schema and counts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/free-tools/status' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('operational');
    expect(body.tools.map((x: { slug: string }) => x.slug)).toEqual(['word-count', 'slugify', 'json-format', 'uuid', 'hash', 'base64']);
    const hash = body.tools.find((x: { slug: string }) => x.slug === 'hash');
    expect(hash.input_schema).toMatchObject({ type: 'object', properties: { algorithm: { enum: ['md5', 'sha1', 'sha256', 'sha512'] } }, required: ['text'] });
    expect(hash.installed).toBeNull();
    expect(body.tools.find((x: { slug: string }) => x.slug === 'uuid').runs).toBeGreaterThanOrEqual(2);
  });

  it('install is 201 then 200 already_installed, and status reflects it per identifier', async () => {
    const first = await t.app.inject({ method: 'POST', url: '/free-tools/install', payload: { tool_slug: 'slugify', user_identifier: 'cli-123' } });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ tool_slug: 'slugify', user_identifier: 'cli-123', status: 'installed', run: { path: '/free-tools/run' } });
    const again = await t.app.inject({ method: 'POST', url: '/free-tools/install', payload: { tool_slug: 'slugify', user_identifier: 'cli-123' } });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'already_installed', installed_at: first.json().installed_at });
    const status = (await t.app.inject({ method: 'GET', url: '/free-tools/status?user_identifier=cli-123' })).json();
    expect(status.tools.find((x: { slug: string }) => x.slug === 'slugify')).toMatchObject({ installed: true, installs: 1 });
    expect(status.tools.find((x: { slug: string }) => x.slug === 'hash').installed).toBe(false);
  });

  it('install validates and 404s unknown tools; status validates the identifier', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/free-tools/install', payload: { tool_slug: 'slugify' } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/free-tools/install', payload: { tool_slug: 'nope', user_identifier: 'a' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/free-tools/status?user_identifier=has%20space' })).statusCode).toBe(400);
  });
});
