import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../db/accounts.ts';
import { openDatabase } from '../../db/client.ts';
import { until } from '../execution/helpers/setup.ts';
import { createTestDatabase } from '../support/database.ts';
import { alive, freePorts } from '../support/processes.ts';
import { elasticsearchUrl, temporalCliPath, uniqueId } from '../support/services.ts';
import { ensureTemporalCluster, TEMPORAL_CLUSTER_START_MS } from '../support/temporal-cluster.ts';
import type { TemporalCluster } from '../support/temporal-cluster.ts';

type Json = Record<string, any>;

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const stateDir = `${repoRoot}.cache/test-data/scale-out-${randomBytes(4).toString('hex')}`;
const index = uniqueId('scale-out-test');

/** scripts/scale-out.sh on a state folder, database, index and task queue of this test's own. */
function scaleOut(args: string[], env: Record<string, string>, timeoutMs: number) {
  return promisify(execFile)('bash', ['scripts/scale-out.sh', ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env, SCALE_OUT_DIR: stateDir },
    timeout: timeoutMs,
    maxBuffer: 16 * 1024 * 1024,
  });
}

const pidOf = (name: string) => Number(readFileSync(`${stateDir}/${name}.pid`, 'utf8'));

// The scale-out shape from one command: two API processes and one worker process on the
// Temporal cluster, Postgres and Elasticsearch, started, used across replicas, one replica
// killed and started again, then all of it stopped by `down`.
describe('scripts/scale-out.sh', { timeout: 120_000 }, () => {
  let env: Record<string, string>;
  let cluster: TemporalCluster;
  let ports: number[];
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let upOutput = '';
  let user: { headers: Record<string, string> };
  const pids: number[] = [];

  beforeAll(async () => {
    // Running before `up`, the cluster is not `up`'s to stop: other test files share it.
    cluster = await ensureTemporalCluster();
    database = await createTestDatabase();
    // The APIs' base port and the replicas' metrics base port (the script skips ports taken).
    ports = await freePorts(2, { from: 29620, to: 29680 });
    env = {
      DATABASE_URL: database.url,
      ELASTICSEARCH_URL: elasticsearchUrl(),
      ELASTICSEARCH_INDEX: index,
      TASK_QUEUE_PREFIX: `so${randomBytes(3).toString('hex')}-`,
      ADMIN_KEY: 'scale-out-admin-key-0123456789',
      JWT_SECRET: 'scale-out-jwt-secret-0123456789abcdef012345',
      CREDENTIALS_KEY: Buffer.alloc(32, 7).toString('base64'),
      LOG_LEVEL: 'info',
    };
    const up = await scaleOut(['up', '--apis', '2', '--workers', '1', '--base-port', String(ports[0]), '--metrics-base-port', String(ports[1])], env, 900_000);
    upOutput = up.stdout;
    for (const name of ['api-1', 'api-2', 'worker-1']) pids.push(pidOf(name));
    const handle = openDatabase({ url: database.url, dataDir: stateDir, maxConnections: 1 });
    const { apiKey } = await createAccount(handle.db, { email: `so${randomBytes(4).toString('hex')}@example.test`, plan: 'pro' });
    await handle.close();
    user = { headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' } };
  }, TEMPORAL_CLUSTER_START_MS + 900_000);

  afterAll(async () => {
    try {
      if (env) await scaleOut(['down'], env, 120_000);
    } finally {
      await database?.drop();
      await fetch(`${elasticsearchUrl()}/${index}*`, { method: 'DELETE' }).catch(() => undefined);
      // The replicas' logs stay (in the ignored .cache/test-data, as createTestApp's data folders do) for a failure's post-mortem.
      rmSync(`${stateDir}/data`, { recursive: true, force: true });
    }
  }, 180_000);

  const api = (replica: number) => `http://127.0.0.1:${readFileSync(`${stateDir}/api-${replica}.port`, 'utf8').trim()}`;

  it('brings up two ready APIs on their own ports and a polling worker, and says where', () => {
    expect(upOutput).toContain('127.0.0.1:7333');
    expect(upOutput).toMatch(/api-1\s+\d+\s+ready\s+http:\/\/127\.0\.0\.1:\d+/);
    expect(upOutput).toMatch(/api-2\s+\d+\s+ready\s+http:\/\/127\.0\.0\.1:\d+/);
    expect(upOutput).toMatch(/worker-1\s+\d+\s+ready/);
    expect(api(1)).not.toBe(api(2));
    expect(pids.every(alive)).toBe(true);
  });

  it("serves each replica's metrics on a port of its own, listed for Prometheus's file_sd", async () => {
    const targets = JSON.parse(readFileSync(`${stateDir}/prometheus-targets.json`, 'utf8')) as Array<{ targets: string[]; labels: Record<string, string> }>;
    expect(targets.map((t) => t.labels.replica).sort()).toEqual(['api-1', 'api-2', 'worker-1']);
    const addresses = targets.map((t) => t.targets[0]!);
    expect(new Set(addresses).size).toBe(3);
    for (const { targets: [address], labels } of targets) {
      const res = await fetch(`http://${address}/metrics`);
      expect(res.status, address).toBe(200);
      const text = await res.text();
      // Workers report the Temporal SDK's worker series; APIs their HTTP requests (the readiness probes).
      expect(text, labels.replica).toContain(labels.kind === 'worker' ? 'temporal_worker_task_slots_used' : 'http_server_request_duration_seconds_count');
    }
  });

  it('runs a job submitted on one API to completion as seen from the other, and a direct execution', async () => {
    const submitted = await fetch(`${api(1)}/jobs/submit`, {
      method: 'POST',
      headers: user.headers,
      body: JSON.stringify({ tool: 'trigger-long-running-operation', arguments: { duration: 1, steps: 2 } }),
    });
    expect(submitted.status).toBe(200);
    const { job_id: jobId } = (await submitted.json()) as Json;
    const job = await until(async () => {
      const current = (await (await fetch(`${api(2)}/jobs/${jobId}`, { headers: user.headers })).json()) as Json;
      return ['completed', 'failed', 'canceled', 'timeout'].includes(current.status) ? current : undefined;
    }, 60_000, 250);
    expect(job).toMatchObject({ status: 'completed' });

    const direct = await fetch(`${api(2)}/v1/execute_tool`, { method: 'POST', headers: user.headers, body: JSON.stringify({ tool_name: 'everything/get-sum', params: { a: 2, b: 40 } }) });
    expect(direct.status).toBe(200);
    expect(((await direct.json()) as Json).data.result.content[0].text).toBe('The sum of 2 and 40 is 42.');
  });

  it('starts a replica killed with SIGKILL again on its port', async () => {
    const before = pidOf('api-2');
    await scaleOut(['stop', 'api-2', '--kill'], env, 30_000);
    expect(alive(before)).toBe(false);
    await expect(fetch(`${api(2)}/health`)).rejects.toThrow();

    await scaleOut(['start', 'api-2'], env, 300_000);
    const after = pidOf('api-2');
    pids.push(after);
    expect(after).not.toBe(before);
    expect((await fetch(`${api(2)}/health/ready`)).status).toBe(200);
    const status = await scaleOut(['status'], env, 30_000);
    expect(status.stdout).toMatch(new RegExp(`api-2\\s+${after}\\s+ready`));
  }, 330_000);

  it('stops every replica it started with down', async () => {
    await scaleOut(['down'], env, 120_000);
    await until(async () => pids.every((pid) => !alive(pid)), 10_000, 200);
    const status = await scaleOut(['status'], env, 30_000);
    expect(status.stdout).not.toMatch(/\bready\b|\bstarting\b/);
    expect(JSON.parse(readFileSync(`${stateDir}/prometheus-targets.json`, 'utf8'))).toEqual([]);
    // The cluster was running before `up`, so it is not `down`'s to stop.
    const health = await promisify(execFile)(temporalCliPath(), ['operator', 'cluster', 'health', '--address', cluster.address]);
    expect(health.stdout).toContain('SERVING');
  }, 150_000);
});
