import { Client } from '@temporalio/client';
import { OpenTelemetryWorkflowClientInterceptor } from '@temporalio/interceptors-opentelemetry';
import { defineSearchAttributeKey, SearchAttributeType, TypedSearchAttributes } from '@temporalio/common';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { NativeConnection } from '@temporalio/worker';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SEARCH_ATTRIBUTES } from '../contracts/index.ts';
import type { Config } from './config.ts';
import type { Logger } from './logger.ts';
import { startDevServer } from './temporal-dev-server.ts';
import { installRuntimeLogging } from './temporal-logging.ts';
import { tracingEnabled } from './telemetry/tracing.ts';

export interface TemporalHandle {
  client: Client;
  /** The worker side of the connection (Rust core), for Worker.create. */
  nativeConnection: NativeConnection;
  namespace: string;
  address: string;
  close(): Promise<void>;
}

/** Where scripts/infra/temporal.sh (and `npm start`'s prestart) build the CLI on offline machines. */
const BUILT_CLI = resolve('.cache/bin/temporal');

const searchAttributeKeys = Object.values(SEARCH_ATTRIBUTES).map((name) =>
  defineSearchAttributeKey(name, SearchAttributeType.KEYWORD),
);

/**
 * The dev server's defaults cost a workflow round trip twice what it needs here: the SQLite
 * journal syncs every write (WAL + synchronous=normal still survives a crash of the server
 * process), and eager activities are off. scripts/infra/temporal.sh passes the same flags.
 */
const DEV_SERVER_TUNING = [
  '--sqlite-pragma', 'journal_mode=wal',
  '--sqlite-pragma', 'synchronous=normal',
  '--dynamic-config-value', 'system.enableActivityEagerExecution=true',
];

/**
 * The client shares the worker's native connection: a workflow started with
 * `requestEagerStart` then runs its first task on this process's worker without a
 * round trip through the task queue (when a worker polls that queue here).
 */
function clientOn(connection: NativeConnection, namespace: string): Client {
  // With traces on, a workflow start carries the caller's span in its headers (issue 19).
  const interceptors = tracingEnabled() ? { workflow: [new OpenTelemetryWorkflowClientInterceptor()] } : undefined;
  return new Client({ connection, namespace, interceptors });
}

/**
 * Connects to TEMPORAL_ADDRESS, or in the embedded mode starts a local dev server
 * (persisted in DATA_DIR so jobs survive a restart, Web UI on TEMPORAL_UI_PORT) in a process
 * group of its own: a Ctrl-C reaches the service, which stops the server last.
 */
export async function connectTemporal(config: Config, logger: Logger): Promise<TemporalHandle> {
  installRuntimeLogging(logger, { metrics: config.METRICS_ENABLED });
  if (config.TEMPORAL_ADDRESS) {
    const address = config.TEMPORAL_ADDRESS;
    const nativeConnection = await NativeConnection.connect({ address });
    return {
      client: clientOn(nativeConnection, config.TEMPORAL_NAMESPACE),
      nativeConnection,
      namespace: config.TEMPORAL_NAMESPACE,
      address,
      // After a forced worker shutdown the SDK may still count the worker as a user of the
      // connection; the process is exiting either way, so this must not fail the stop.
      close: () => nativeConnection.close().catch((err: unknown) => logger.warn({ err }, 'Temporal connection did not close cleanly')),
    };
  }
  const cliPath = config.TEMPORAL_CLI_PATH ?? (existsSync(BUILT_CLI) ? BUILT_CLI : undefined);
  logger.info({ port: config.TEMPORAL_DEV_PORT, uiPort: config.TEMPORAL_UI_PORT, cli: cliPath ?? 'sdk-download' }, 'starting the local Temporal dev server');
  if (!cliPath) return startWithSdkDownload(config, logger);
  const server = await startDevServer({
    cliPath,
    port: config.TEMPORAL_DEV_PORT,
    uiPort: config.TEMPORAL_UI_PORT,
    dbFilename: join(config.DATA_DIR, 'temporal.db'),
    namespace: config.TEMPORAL_NAMESPACE,
    searchAttributes: searchAttributeKeys.map((key) => `${key.name}=${TypedSearchAttributes.toMetadataType(key.type)}`),
    extraArgs: DEV_SERVER_TUNING,
    logger,
    // Never carry on against whatever answers on the port next: stop the whole service.
    onUnexpectedExit: () => {
      process.exitCode = 1;
      if (process.listenerCount('SIGTERM') > 0) process.kill(process.pid, 'SIGTERM');
    },
  });
  return {
    client: clientOn(server.nativeConnection, config.TEMPORAL_NAMESPACE),
    nativeConnection: server.nativeConnection,
    namespace: config.TEMPORAL_NAMESPACE,
    address: server.address,
    close: () => server.stop(),
  };
}

/**
 * Without a local binary the SDK downloads the CLI (internet machines only) and runs it from
 * its native core, in our own process group: a Ctrl-C stops that server at once. Ports were
 * checked free just before (platform/preflight.ts), so it does not attach to another server.
 */
async function startWithSdkDownload(config: Config, logger: Logger): Promise<TemporalHandle> {
  logger.warn('no local Temporal CLI (TEMPORAL_CLI_PATH, .cache/bin/temporal): the SDK downloads one and runs it in this process group');
  const env = await TestWorkflowEnvironment.createLocal({
    server: {
      ip: '127.0.0.1',
      port: config.TEMPORAL_DEV_PORT,
      ui: true,
      uiPort: config.TEMPORAL_UI_PORT,
      dbFilename: join(config.DATA_DIR, 'temporal.db'),
      namespace: config.TEMPORAL_NAMESPACE,
      searchAttributes: searchAttributeKeys,
      extraArgs: DEV_SERVER_TUNING,
    },
  });
  const namespace = env.namespace ?? config.TEMPORAL_NAMESPACE;
  return {
    client: clientOn(env.nativeConnection, namespace),
    nativeConnection: env.nativeConnection,
    namespace,
    address: `127.0.0.1:${config.TEMPORAL_DEV_PORT}`,
    close: () => env.teardown(),
  };
}
