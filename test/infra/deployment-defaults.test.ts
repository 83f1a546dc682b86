import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../platform/config.ts';
import { healthChecks } from '../../platform/health-checks.ts';
import { createLogger } from '../../platform/logger.ts';
import { startMetricsServer } from '../../platform/telemetry/metrics-server.ts';
import { elasticsearchClient } from '../../search/service/create-search-index.ts';
import type { Database } from '../../db/client.ts';
import type { TemporalHandle } from '../../platform/temporal.ts';

// Issue 33 item 10, the service's side of the compose shape: Elasticsearch with security on
// needs our processes to send its credentials, and a metrics listener off loopback (the compose
// network, which the worker running users' tools shares) needs a credential of its own.

function issuesOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).issues;
  }
  return [];
}

describe('configuration of the secured production shape', () => {
  it('requires METRICS_TOKEN for a metrics listener off loopback, and not on it', () => {
    expect(issuesOf({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' })).toEqual([expect.stringMatching(/^METRICS_TOKEN: required/)]);
    expect(issuesOf({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: 'a-metrics-token-of-32-characters' })).toEqual([]);
    expect(issuesOf({ METRICS_PORT: '9464' })).toEqual([]);
    expect(issuesOf({ METRICS_PORT: '9464', METRICS_HOST: '127.0.0.1' })).toEqual([]);
    expect(issuesOf({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: 'short' })[0]).toMatch(/^METRICS_TOKEN: must be at least 16/);
  });

  it('takes Elasticsearch credentials whole: a user with a password, or an API key', () => {
    expect(loadConfig({ ELASTICSEARCH_URL: 'http://es:9200', ELASTICSEARCH_USERNAME: 'elastic', ELASTICSEARCH_PASSWORD: 'pw' }).ELASTICSEARCH_PASSWORD).toBe('pw');
    expect(issuesOf({ ELASTICSEARCH_URL: 'http://es:9200', ELASTICSEARCH_USERNAME: 'elastic' })).toEqual([expect.stringMatching(/set both or neither/)]);
    expect(issuesOf({ ELASTICSEARCH_URL: 'http://es:9200', ELASTICSEARCH_API_KEY: 'a2V5', ELASTICSEARCH_USERNAME: 'u', ELASTICSEARCH_PASSWORD: 'p' })).toHaveLength(1);
  });
});

/** An HTTP server standing in for a secured Elasticsearch: it records each request's headers and answers as ES does. */
describe('credentials sent to a secured Elasticsearch', () => {
  let server: Server;
  let url: string;
  const seen: IncomingHttpHeaders[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(200, { 'content-type': 'application/json', 'x-elastic-product': 'Elasticsearch' }).end(JSON.stringify({ status: 'green', cluster_name: 'x' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(async () => new Promise((resolve) => server.close(resolve)));

  const basic = `Basic ${Buffer.from('elastic:s3cret-pw').toString('base64')}`;

  it('the search backend\'s client sends the user and password, or the API key', async () => {
    const config = loadConfig({ SEARCH_BACKEND: 'elasticsearch', ELASTICSEARCH_URL: url, ELASTICSEARCH_USERNAME: 'elastic', ELASTICSEARCH_PASSWORD: 's3cret-pw' });
    const client = await elasticsearchClient(config);
    await client.cluster.health();
    await client.close();
    expect(seen.at(-1)?.authorization).toBe(basic);
    const keyed = await elasticsearchClient(loadConfig({ ELASTICSEARCH_URL: url, ELASTICSEARCH_API_KEY: 'aWQ6a2V5' }));
    await keyed.cluster.health();
    await keyed.close();
    expect(seen.at(-1)?.authorization).toBe('ApiKey aWQ6a2V5');
  });

  it('the health probe sends them too', async () => {
    const config = loadConfig({ SEARCH_BACKEND: 'elasticsearch', ELASTICSEARCH_URL: url, ELASTICSEARCH_USERNAME: 'elastic', ELASTICSEARCH_PASSWORD: 's3cret-pw' });
    const checks = healthChecks(config, {} as Database, {} as TemporalHandle);
    await checks.search!();
    expect(seen.at(-1)?.authorization).toBe(basic);
  });
});

describe('the metrics listener with METRICS_TOKEN', () => {
  it('answers only a request with the bearer token', async () => {
    const token = 'a-metrics-token-of-32-characters';
    const server = await startMetricsServer('127.0.0.1', 0, createLogger('silent'), token);
    try {
      expect((await fetch(server.url)).status).toBe(401);
      expect((await fetch(server.url, { headers: { authorization: 'Bearer wrong-token-wrong-token!!' } })).status).toBe(401);
      expect((await fetch(server.url, { headers: { authorization: token } })).status).toBe(401);
      const ok = await fetch(server.url, { headers: { authorization: `Bearer ${token}` } });
      expect(ok.status).toBe(200);
      expect(ok.headers.get('content-type')).toContain('text/plain');
    } finally {
      await server.close();
    }
  });
});
