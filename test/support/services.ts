import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';

/*
 * Where the test services live. Each reads its variable once per call and falls back to the
 * address scripts/infra starts it on. The global setup (test/global-setup.ts) has already
 * reused or started each one, and proved it answers, before any test file runs.
 */

export const DEFAULT_TEST_DATABASE_URL = 'postgres://switchboard:switchboard@127.0.0.1:5432/postgres';
export const DEFAULT_TEMPORAL_ADDRESS = '127.0.0.1:7233';
export const DEFAULT_ELASTICSEARCH_URL = 'http://127.0.0.1:9200';
// Resolved from this file, not the cwd, so it holds wherever vitest was started.
export const DEFAULT_TEMPORAL_CLI_PATH = fileURLToPath(new URL('../../.cache/bin/temporal', import.meta.url));
/** The real Temporal server and its schema tool, which scripts/infra/temporal-cluster.sh builds. */
export const TEMPORAL_SERVER_BINARIES = ['temporal-server', 'temporal-sql-tool'].map((name) => fileURLToPath(new URL(`../../.cache/bin/${name}`, import.meta.url)));

/** Admin URL of the test Postgres server (a superuser that may create databases). */
export function testDatabaseUrl(): string {
  return process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL;
}

/** host:port of the shared Temporal dev server. */
export function temporalAddress(): string {
  return process.env.TEMPORAL_ADDRESS || DEFAULT_TEMPORAL_ADDRESS;
}

/** Base URL of the shared Elasticsearch node, without a trailing slash. */
export function elasticsearchUrl(): string {
  return (process.env.ELASTICSEARCH_URL || DEFAULT_ELASTICSEARCH_URL).replace(/\/+$/, '');
}

/**
 * The Temporal CLI built by scripts/infra/temporal.sh, for
 * `TestWorkflowEnvironment.createLocal({ server: { executable: { type: 'existing-path', path } } })`
 * (the SDK's own download needs the internet).
 */
export function temporalCliPath(): string {
  return process.env.TEMPORAL_CLI_PATH || DEFAULT_TEMPORAL_CLI_PATH;
}

export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

/** The browser the console's tests drive through playwright-core (scripts/infra/chromium.sh installs Debian's). */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM_PATH;
}

/**
 * A name no other test, worker or earlier run will use: `<prefix>-<time><random>`, lowercase
 * letters, digits and dashes only, so it is valid as a Temporal workflow id or task queue and
 * as an Elasticsearch index name (which must be lowercase).
 */
export function uniqueId(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;
}
