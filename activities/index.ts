import { hostname } from 'node:os';
import type { Database } from '../db/client.ts';
import { pingDatabase } from '../db/ping.ts';
import type { Logger } from '../platform/logger.ts';
import type { McpSessionPool } from '../mcp/index.ts';
import { createRegistryActivities } from './registry/index.ts';
import { createHarvestActivities } from './registry/harvest.ts';
import { createExecutionActivities } from './execution/index.ts';
import type { ExecutionDeps } from './execution/index.ts';
import { createBillingActivities } from './billing/index.ts';
import type { PaymentSettings } from './billing/index.ts';
import { createIndexingActivities } from './retrieval/index.ts';
import { createAgentActivities } from './agent/index.ts';
import { createPackageActivities } from './packages/index.ts';
import { createOAuthActivities } from './oauth/index.ts';
import type { PackageStore } from '../package-store/index.ts';
import type { LlmSettings } from './agent/index.ts';
import type { SearchIndex } from '../search/service/search-index.ts';
import type { EmbeddingApi } from '../search/user-spaces/openai-embeddings.ts';
import type { SandboxSupport } from '../sandbox/index.ts';
import type { CredentialCipher } from '../platform/credentials/cipher.ts';
import { createInstanceLauncher } from './instances/launcher.ts';
import { createApprovalActivities } from './approvals/index.ts';

export interface ActivityDeps extends Omit<ExecutionDeps, 'instances'> {
  db: Database;
  logger: Logger;
  /** The worker's one pool of MCP sessions (worker/run-worker.ts owns and closes it). */
  mcp: McpSessionPool;
  /** The service data folder: the reference servers keep their files under it. */
  dataDir: string;
  /** The tool index the indexing activities write (runtime/service.ts shares it with the API). */
  search: SearchIndex;
  /** The payment provider of the billing activities; absent = billing is not configured. */
  payment?: PaymentSettings;
  /** The model endpoint of agent runs; absent = not configured (the API then refuses runs). */
  llm?: LlmSettings;
  /** The embeddings endpoint of users' own vector spaces; absent = only the default space. */
  embeddingApi?: EmbeddingApi;
  /** The machine's package store, where catalog servers' packages are installed (PACKAGE_STORE_DIR). */
  packages: PackageStore;
  /** Whether this machine's sandbox works, probed once at start (catalog code never runs without it). */
  sandbox: SandboxSupport;
  /** Decrypts users' server credentials for their instances. */
  credentials: CredentialCipher;
  /** How long a call waits for its owner's approval (CALL_APPROVAL_WAIT_SECONDS). */
  callApprovalWaitMs: number;
}

/** Builds every activity with its dependencies; workflows type their proxies from the result. */
export function createActivities(deps: ActivityDeps) {
  // The one way to a server's instance, for runs and for the registry's tools/list alike.
  const instances = createInstanceLauncher(deps);
  return {
    ...createRegistryActivities({ ...deps, instances }),
    ...createHarvestActivities({ ...deps, instances }),
    ...createExecutionActivities({ ...deps, instances }),
    ...createBillingActivities(deps),
    ...createIndexingActivities(deps),
    ...createAgentActivities(deps),
    ...createPackageActivities(deps),
    ...createApprovalActivities(deps),
    ...createOAuthActivities(deps),
    /** Proves the worker reaches the database; read-only, so retries are harmless. */
    async probeDatabase(): Promise<{ database: 'ok' | 'error'; worker: string; checkedAt: string }> {
      let database: 'ok' | 'error' = 'ok';
      try {
        await pingDatabase(deps.db);
      } catch (err) {
        deps.logger.warn({ err }, 'database probe failed');
        database = 'error';
      }
      return { database, worker: `${hostname()}:${process.pid}`, checkedAt: new Date().toISOString() };
    },
  };
}

export type Activities = ReturnType<typeof createActivities>;
