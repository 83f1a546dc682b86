import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertSyncedEntries } from '../../db/registry/sync.ts';
import { packageInstalls } from '../../db/schema/index.ts';
import { registerSearchAttributes, until } from '../execution/helpers/setup.ts';
import { bundleHostileServer, publishBundledServer } from '../sandbox/hostile.ts';
import { startNpmRegistryStub } from '../support/npm-registry-stub.ts';
import type { NpmRegistryStub } from '../support/npm-registry-stub.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { kill9, killAll, replicaEnv, startReplica } from './helpers/replicas.ts';
import type { Replica } from './helpers/replicas.ts';

const PACKAGE = 'sb-crash-install-server';

// Issue 35 item 1: an install is a durable step. A worker process is killed with SIGKILL while
// it downloads a job's never-installed package (the registry mirror holds the first download
// open); another worker takes the install over once its heartbeat stops, installs it into the
// machine's shared store, and the job completes: nothing lost, nothing half-installed left.
describe('a worker killed mid-install', { timeout: 600_000 }, () => {
  let t: TestApp;
  let registry: NpmRegistryStub;
  let bundle: Awaited<ReturnType<typeof bundleHostileServer>>;
  const logDir = mkdtempSync(join(tmpdir(), 'sb-install-crash-'));
  const store = mkdtempSync(join(tmpdir(), 'sb-install-crash-store-'));
  const workers: Replica[] = [];
  let env: Record<string, string>;
  let releaseFirst = () => {};

  beforeAll(async () => {
    bundle = await bundleHostileServer();
    const published = await publishBundledServer(bundle, PACKAGE);
    let downloads = 0;
    registry = await startNpmRegistryStub([{
      name: PACKAGE,
      version: '1.0.0',
      fields: { bin: { [PACKAGE]: 'server.mjs' } },
      published: published.tarball,
      // The first download hangs until the test ends: the worker dies in the middle of it.
      beforeTarball: () => (++downloads === 1 ? new Promise<void>((release) => (releaseFirst = release)) : Promise.resolve()),
    }]);
    // The test's own view (no worker): the API in process, its database; workers are processes.
    t = await createTestApp({ worker: false });
    await registerSearchAttributes(t.temporal.client, t.temporal.namespace);
    await upsertSyncedEntries(t.db, [published.entry('crash-install', ['echo'])]);
    env = replicaEnv(t, {
      TEMPORAL_ADDRESS: t.config.TEMPORAL_ADDRESS as string,
      TEMPORAL_NAMESPACE: t.config.TEMPORAL_NAMESPACE,
      ELASTICSEARCH_URL: t.config.ELASTICSEARCH_URL as string,
      // One machine's store, shared by its workers (PACKAGE_STORE_DIR), as in the scale-out shape.
      PACKAGE_STORE_DIR: store,
      NPM_REGISTRY_URL: registry.url,
    });
    workers.push(await startReplica({ name: 'worker-1', kind: 'worker', env, logDir }));
  }, 300_000);

  afterAll(async () => {
    releaseFirst();
    for (const worker of workers) killAll(worker);
    await t?.close();
    await registry?.close();
    bundle?.cleanup();
    rmSync(logDir, { recursive: true, force: true });
    rmSync(store, { recursive: true, force: true });
  });

  it('loses no job: another worker installs the package and the job completes', async () => {
    const user = await t.createUser({ plan: 'pro' });
    const submitted = await t.app.inject({ method: 'POST', url: '/jobs/submit', headers: user.headers, payload: { tool: 'crash-install/echo', arguments: { text: 'survived' } } });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const jobId = submitted.json().job_id as string;
    // worker-1 is downloading the tarball (the mirror holds it), with the install's lock.
    await until(async () => (registry.tarballRequests.get(PACKAGE) ?? 0) >= 1, 120_000);
    expect(readdirSync(join(store, 'locks')).length).toBeGreaterThan(0);
    kill9(workers[0]!);
    await workers[0]!.exited;
    workers.push(await startReplica({ name: 'worker-2', kind: 'worker', env, logDir }));

    const job = await until(async () => {
      const r = (await t.app.inject({ method: 'GET', url: `/jobs/${jobId}`, headers: user.headers })).json();
      return ['completed', 'failed', 'canceled', 'timeout'].includes(r.status) ? r : undefined;
    }, 240_000, 500);
    expect(job.status, JSON.stringify(job)).toBe('completed');
    expect(JSON.stringify(job.result)).toContain('survived');
    // Installed once, whole, by the second worker's attempt; nothing of the dead one's left.
    expect(registry.tarballRequests.get(PACKAGE)).toBe(2);
    expect(readdirSync(join(store, 'npm'))).toEqual([`${PACKAGE}@1.0.0`]);
    expect(existsSync(join(store, 'npm', `${PACKAGE}@1.0.0`, '.switchboard-package.json'))).toBe(true);
    expect(readdirSync(join(store, 'tmp'))).toEqual([]);
    // The install's own run, its attempt lost with worker-1, is retried once the heartbeat stops and finds the package there.
    await until(async () => {
      const [recorded] = await t.db.select().from(packageInstalls).where(eq(packageInstalls.name, PACKAGE));
      return recorded?.status === 'installed';
    }, 180_000, 500);
    expect(registry.tarballRequests.get(PACKAGE)).toBe(2);
  });
});
