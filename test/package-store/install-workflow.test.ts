import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client, WorkflowFailedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { NativeConnection } from '@temporalio/worker';
import type { Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Activities } from '../../activities/index.ts';
import { createPackageActivities } from '../../activities/packages/index.ts';
import { PACKAGE_INSTALL_REJECTED } from '../../contracts/index.ts';
import { openDatabase } from '../../db/client.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { findPackageInstall } from '../../db/packages/installs.ts';
import { startPackageInstall } from '../../platform/package-install.ts';
import { PackageStore } from '../../package-store/index.ts';
import { createWorker } from '../../worker/create-worker.ts';
import { createTestDatabase } from '../support/database.ts';
import type { TestDatabase } from '../support/database.ts';
import { temporalAddress, uniqueId } from '../support/services.ts';
import { catalogLaunch, capturedLogger, installsLogged, NPM_SERVER, storeRoot, removeStoreRoots } from './helpers.ts';

afterAll(removeStoreRoots);

// Issue 35 item 1, "an install is a durable step": the install runs as a workflow on the real
// Temporal server, its id derived from the package, so two starts for one package (a user
// enabling the server twice, a first call meanwhile) run one install.
let connection: NativeConnection;
let client: Client;
let database: TestDatabase;
let handle: DatabaseHandle;
let worker: Worker;
let running: Promise<void>;
const taskQueue = uniqueId('package-install');
const { logger, lines } = capturedLogger();

beforeAll(async () => {
  database = await createTestDatabase();
  handle = openDatabase({ url: database.url, dataDir: tmpdir() });
  await handle.migrate();
  connection = await NativeConnection.connect({ address: temporalAddress() });
  client = new Client({ connection });
  const packages = new PackageStore({ root: storeRoot('workflow'), logger });
  // Only the package activities: the workflow calls nothing else.
  const activities = createPackageActivities({ db: handle.db, logger, packages }) as unknown as Activities;
  worker = await createWorker({ connection, namespace: 'default', taskQueue, activities, logger, shutdownGraceMs: 1_000 });
  running = worker.run();
});

afterAll(async () => {
  worker?.shutdown();
  await running;
  await connection?.close();
  await handle?.close();
  await database?.drop();
});

describe('packageInstallWorkflow', () => {
  it('two starts for one package attach to one run, which installs it once and records it', async () => {
    const launch = catalogLaunch(NPM_SERVER);
    const temporal = { client, taskQueue };
    const [first, second] = await Promise.all([startPackageInstall(temporal, launch), startPackageInstall(temporal, launch)]);
    expect(second.workflowId).toBe(first.workflowId);
    expect(first.workflowId).toBe(`package:npm:time-mcp@1.0.6:${taskQueue}`);
    const [a, b] = await Promise.all([first.result(), second.result()]);
    expect((await first.describe()).runId).toBe((await second.describe()).runId);
    expect(a).toEqual(b);
    expect(a.alreadyInstalled).toBe(false);
    expect(installsLogged(lines)).toBe(1);

    const row = await findPackageInstall(handle.db, launch.ref);
    expect(row).toMatchObject({ status: 'installed', installMs: a.installMs, integrity: a.integrity, error: null });
    expect(row?.installedAt).toBeInstanceOf(Date);

    // A later start runs again and finds it installed: nothing is installed twice.
    const again = await (await startPackageInstall(temporal, launch)).result();
    expect(again).toEqual({ ...a, alreadyInstalled: true });
    expect(installsLogged(lines)).toBe(1);
  }, 180_000);

  it('a package gone from the registry fails the run at once (not retried) and records why', async () => {
    const ref = { registry: 'npm' as const, name: 'time-mcp', version: '99.99.99' };
    const run = await startPackageInstall({ client, taskQueue }, { ref, args: [] });
    const error = await run.result().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkflowFailedError);
    const cause = (error as WorkflowFailedError).cause?.cause;
    expect(cause).toBeInstanceOf(ApplicationFailure);
    expect((cause as ApplicationFailure).type).toBe(PACKAGE_INSTALL_REJECTED);
    expect((cause as ApplicationFailure).details).toEqual([{ reason: 'not_found', ref }]);
    const history = await run.fetchHistory();
    const attempts = history.events?.filter((e) => e.activityTaskStartedEventAttributes).map((e) => e.activityTaskStartedEventAttributes?.attempt);
    expect(attempts).toEqual([1]);
    expect(await findPackageInstall(handle.db, ref)).toMatchObject({ status: 'failed', error: expect.stringContaining('time-mcp@99.99.99') });
  }, 60_000);

  it('a worker that goes away mid-install loses nothing: the next worker installs it, from a clean store', async () => {
    const queue = uniqueId('package-install-retry');
    const root = storeRoot('retry');
    const launch = catalogLaunch(NPM_SERVER);
    const activitiesOn = (store: PackageStore) => createPackageActivities({ db: handle.db, logger, packages: store }) as unknown as Activities;
    const first = await createWorker({ connection, namespace: 'default', taskQueue: queue, activities: activitiesOn(new PackageStore({ root, logger })), logger, shutdownGraceMs: 300 });
    const firstRun = first.run();
    const run = await startPackageInstall({ client, taskQueue: queue }, launch);
    // npm at work in the store's temp area: then the worker goes (its attempt is cancelled).
    for (let i = 0; i < 300 && readdirSync(path.join(root, 'tmp')).length === 0; i++) await sleep(100);
    expect(readdirSync(path.join(root, 'tmp')).length).toBe(1);
    first.shutdown();
    await firstRun;
    expect(readdirSync(path.join(root, 'npm'))).toEqual([]);

    const before = installsLogged(lines);
    const second = await createWorker({ connection, namespace: 'default', taskQueue: queue, activities: activitiesOn(new PackageStore({ root, logger })), logger, shutdownGraceMs: 1_000 });
    const result = await second.runUntil(run.result());
    expect(result.alreadyInstalled).toBe(false);
    expect(installsLogged(lines) - before).toBe(1);
    const history = await run.fetchHistory();
    const attempts = history.events?.filter((e) => e.activityTaskStartedEventAttributes).map((e) => e.activityTaskStartedEventAttributes?.attempt);
    expect(attempts).toEqual([2]); // Temporal records the started event of the attempt that closed it
    expect(readdirSync(path.join(root, 'tmp'))).toEqual([]);
  }, 180_000);
});
