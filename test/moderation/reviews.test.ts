import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { insertServer } from './fixtures.ts';

let t: TestApp;
let server: string;

beforeAll(async () => {
  t = await createTestApp({ worker: false });
  server = await insertServer(t.db);
});
afterAll(async () => t?.close());

const url = (name: string) => `/mcp-moderation/servers/${name}/reviews`;

describe('POST /mcp-moderation/servers/{server_name}/reviews', () => {
  it('needs a user identity', async () => {
    expect((await t.app.inject({ method: 'POST', url: url(server), payload: { rating: 5 } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: url(server), headers: t.adminHeaders, payload: { rating: 5 } })).statusCode).toBe(403);
  });

  it('validates the rating (integer 1..5) and text length', async () => {
    const u = await t.createUser();
    for (const payload of [{}, { rating: 0 }, { rating: 6 }, { rating: 4.5 }, { rating: '5' }, { rating: 3, text: 'x'.repeat(5001) }]) {
      const res = await t.app.inject({ method: 'POST', url: url(server), headers: u.headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('INVALID_REQUEST');
    }
    expect((await t.app.inject({ method: 'POST', url: url('missing-srv'), headers: u.headers, payload: { rating: 3 } })).statusCode).toBe(404);
  });

  it('creates one review per user (201) and replaces it on a second POST (200)', async () => {
    const u = await t.createUser();
    const first = await t.app.inject({ method: 'POST', url: url(server), headers: u.headers, payload: { rating: 2, text: 'flaky' } });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ server_name: server, rating: 2, text: 'flaky', title: '' });
    const second = await t.app.inject({ method: 'POST', url: url(server), headers: u.headers, payload: { rating: 4, title: 'better', text: 'fixed now' } });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ id: first.json().id, rating: 4, title: 'better' });
  });
});

describe('GET /mcp-moderation/servers/{server_name}/reviews', () => {
  it('sorts by recent (default) or rating, honours limit and summarises ratings', async () => {
    const other = await insertServer(t.db);
    for (const rating of [3, 5, 1]) {
      const u = await t.createUser();
      await t.app.inject({ method: 'POST', url: url(other), headers: u.headers, payload: { rating, text: `r${rating}` } });
    }
    const recent = await t.app.inject({ method: 'GET', url: url(other) });
    expect(recent.statusCode).toBe(200);
    expect(recent.json().reviews.map((r: { rating: number }) => r.rating)).toEqual([1, 5, 3]);
    expect(recent.json()).toMatchObject({
      total: 3,
      average_rating: 3,
      sort_by: 'recent',
      rating_distribution: { '1': 1, '2': 0, '3': 1, '4': 0, '5': 1 },
    });
    const byRating = await t.app.inject({ method: 'GET', url: `${url(other)}?sort_by=rating&limit=2` });
    expect(byRating.json().reviews.map((r: { rating: number }) => r.rating)).toEqual([5, 3]);
    expect(byRating.json().pagination).toEqual({ limit: 2, offset: 0, total: 3 });
  });

  it('answers an unreviewed server with an empty list and null average', async () => {
    const empty = await insertServer(t.db);
    const res = await t.app.inject({ method: 'GET', url: url(empty) });
    expect(res.json()).toMatchObject({ reviews: [], total: 0, average_rating: null });
  });

  it('400s a bad sort_by or limit', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${url(server)}?sort_by=oldest` })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `${url(server)}?limit=101` })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `${url(server)}?limit=abc` })).json().error.details.parameter).toBe('limit');
  });
});
