import { Client } from '@temporalio/client';
import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { NativeConnection } from '@temporalio/worker';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SEARCH_ATTRIBUTES } from '../contracts/index.ts';
import type { Config } from './config.ts';
import type { Logger } from './logger.ts';
import { installRuntimeLogging } from './temporal-logging.ts';

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
  return new Client({ connection, namespace });
}

/**
 * Connects to TEMPORAL_ADDRESS, or in the embedded mode starts the SDK's local dev server
 * (persisted in DATA_DIR so jobs survive a restart, Web UI on TEMPORAL_UI_PORT).
 */
export async function connectTemporal(config: Config, logger: Logger): Promise<TemporalHandle> {
  installRuntimeLogging(logger);
  if (config.TEMPORAL_ADDRESS) {
    const address = config.TEMPORAL_ADDRESS;
    const nativeConnection = await NativeConnection.connect({ address });
    return {
      client: clientOn(nativeConnection, config.TEMPORAL_NAMESPACE),
      nativeConnection,
      namespace: config.TEMPORAL_NAMESPACE,
      address,
      close: () => nativeConnection.close(),
    };
  }
  const cliPath = config.TEMPORAL_CLI_PATH ?? (existsSync(BUILT_CLI) ? BUILT_CLI : undefined);
  logger.info({ port: config.TEMPORAL_DEV_PORT, uiPort: config.TEMPORAL_UI_PORT, cli: cliPath ?? 'sdk-download' }, 'starting the local Temporal dev server');
  const env = await TestWorkflowEnvironment.createLocal({
    server: {
      // Without a local binary the SDK downloads the CLI, which works on internet machines only.
      executable: cliPath ? { type: 'existing-path', path: cliPath } : undefined,
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
