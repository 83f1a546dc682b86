import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents, toolLogs } from '../../db/schema/index.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ worker: false });
});
afterAll(async () => t?.close());

describe('POST /mcp-analytics/analytics/track', () => {
  it('records an anonymous event (201) even when credentials are sent', async () => {
    const u = await t.createUser();
    const res = await t.app.inject({
      method: 'POST',
      url: '/mcp-analytics/analytics/track',
      headers: u.headers,
      payload: { event_type: 'server_view', server_name: 'github', session_id: 's-1', metadata: { page: 'registry' } },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'recorded', event_type: 'server_view' });
    expect(new Date(res.json().created_at).toISOString()).toBe(res.json().created_at);
    const [row] = await t.db.select().from(analyticsEvents).where(eq(analyticsEvents.id, res.json().id));
    expect(row).toMatchObject({ origin: 'track', userId: null, serverName: 'github', sessionId: 's-1', metadata: { page: 'registry' } });
  });

  it('400s bad event types, unknown fields and oversized metadata', async () => {
    for (const payload of [
      {},
      { event_type: 'Server View' },
      { event_type: 'x', extra: true },
      { event_type: 'x', query: '' },
      { event_type: 'x', metadata: { blob: 'x'.repeat(5000) } },
      { event_type: 'x', metadata: [1, 2] },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/mcp-analytics/analytics/track', payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(res.json().error.code).toBe('INVALID_REQUEST');
    }
  });
});

describe('POST /usage/event', () => {
  it('records the caller as the user when authenticated, and anonymous otherwise', async () => {
    const u = await t.createUser();
    const mine = await t.app.inject({ method: 'POST', url: '/usage/event', headers: u.headers, payload: { event_type: 'cli.login' } });
    expect(mine.statusCode).toBe(201);
    const [row] = await t.db.select().from(analyticsEvents).where(eq(analyticsEvents.id, mine.json().id));
    expect(row).toMatchObject({ origin: 'usage', userId: u.user.id, eventType: 'cli.login' });
    const anon = await t.app.inject({ method: 'POST', url: '/usage/event', payload: { event_type: 'cli.login' } });
    expect(anon.statusCode).toBe(201);
  });

  it('401s a bad credential even though auth is optional; 400s a bad body', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/usage/event', headers: { authorization: 'Bearer sb_bad' }, payload: { event_type: 'x' } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/usage/event', payload: { event_type: 7 } })).statusCode).toBe(400);
  });
});

describe('POST /observability/tool-logs', () => {
  it('stores a batch and skips logs whose id was already stored', async () => {
    const u = await t.createUser();
    const id = randomUUID();
    const logs = [
      { id, tool_name: 'echo', server_name: 'everything', status: 'success', duration_ms: 12, timestamp: '2026-01-02T03:04:05Z' },
      { tool_name: 'add', status: 'error', error_code: 'BAD_INPUT', error_message: 'a is required' },
    ];
    const res = await t.app.inject({ method: 'POST', url: '/observability/tool-logs', headers: u.headers, payload: { logs } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: 2, accepted: 2, duplicates: 0 });
    const again = await t.app.inject({ method: 'POST', url: '/observability/tool-logs', headers: u.headers, payload: { logs: [logs[0]] } });
    expect(again.json()).toEqual({ received: 1, accepted: 0, duplicates: 1 });
    const [row] = await t.db.select().from(toolLogs).where(eq(toolLogs.id, id));
    expect(row).toMatchObject({ userId: u.user.id, toolName: 'echo', durationMs: 12 });
    expect(row.occurredAt.toISOString()).toBe('2026-01-02T03:04:05.000Z');
  });

  it('400s an empty or oversized batch and bad entries, naming the field', async () => {
    const post = (payload: unknown) => t.app.inject({ method: 'POST', url: '/observability/tool-logs', payload: payload as object });
    expect((await post({ logs: [] })).statusCode).toBe(400);
    expect((await post({ logs: Array.from({ length: 501 }, () => ({ tool_name: 'a', status: 'success' })) })).statusCode).toBe(400);
    const bad = await post({ logs: [{ tool_name: 'a', status: 'ok' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.parameter).toBe('logs.0.status');
    expect((await post({ logs: [{ tool_name: 'a', status: 'success', timestamp: 'yesterday' }] })).statusCode).toBe(400);
    expect((await post({ logs: [{ tool_name: 'a', status: 'success', duration_ms: -1 }] })).statusCode).toBe(400);
  });
});
