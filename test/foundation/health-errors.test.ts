import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../api/app.ts';
import { openDatabase, type DatabaseHandle } from '../../db/client.ts';
import { createEventPublisher } from '../../platform/event-publisher.ts';
import { healthChecks } from '../../platform/health-checks.ts';
import { createLogger } from '../../platform/logger.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Issue 33 item 10: GET /health is anonymous, and it used to answer each failing dependency's
// error text: "password authentication failed for user …", the Elasticsearch host and port. The
// real probes run here against a database whose password is wrong and an Elasticsearch URL on a
// closed port; the body says which failed and nothing of why, and the log says why.

/** A port of 127.0.0.1 nothing listens on (bound, then closed again). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('GET /health with dependencies that fail', () => {
  let t: TestApp;
  let broken: DatabaseHandle;
  let app: FastifyInstance;
  let esUrl: string;
  let dbUser: string;
  const logged: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ worker: false });
    const url = new URL(t.config.DATABASE_URL!);
    dbUser = decodeURIComponent(url.username);
    url.password = 'not-the-password';
    broken = openDatabase({ url: url.toString(), dataDir: t.config.DATA_DIR, maxConnections: 1 });
    esUrl = `http://127.0.0.1:${await closedPort()}`;
    const config = { ...t.config, searchBackend: 'elasticsearch' as const, ELASTICSEARCH_URL: esUrl };
    const log = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged.push(chunk.toString());
        done();
      },
    });
    app = await buildApp(
      {
        config,
        secrets: { adminKey: config.ADMIN_KEY!, jwtSecret: config.JWT_SECRET!, credentialsKey: config.CREDENTIALS_KEY! },
        db: t.db,
        temporal: { client: t.temporal.client, taskQueue: t.taskQueue },
        healthChecks: healthChecks(config, broken.db, t.temporal),
        events: createEventPublisher(t.db),
      },
      createLogger('warn', {}, log),
    );
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await broken?.close();
    await t?.close();
  });

  it('answers 503 with a status per dependency and none of their error text', async () => {
    const response = await app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(503);
    const body = response.json();
    expect(body.status).toBe('degraded');
    expect(body.checks.database).toEqual({ status: 'error', latency_ms: expect.any(Number) });
    expect(body.checks.search).toEqual({ status: 'error', latency_ms: expect.any(Number) });
    expect(body.checks.temporal).toEqual({ status: 'ok', latency_ms: expect.any(Number) });
    const text = response.body;
    for (const leak of ['password', 'authentication', dbUser, '127.0.0.1', new URL(esUrl).port, 'ECONNREFUSED', 'fetch failed', 'message']) {
      expect(text, leak).not.toContain(leak);
    }
  });

  it('logs why each dependency failed, for the operator', async () => {
    await app.inject({ method: 'GET', url: '/health' });
    const lines = logged.join('');
    expect(lines).toContain('health check failed');
    expect(lines).toMatch(/password authentication failed/);
    expect(lines).toMatch(/"dependency":"search"/);
  });
});
