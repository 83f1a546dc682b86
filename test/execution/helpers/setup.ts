import { randomUUID } from 'node:crypto';
import type { Client } from '@temporalio/client';
import { referenceEntries } from '../../../activities/registry/reference-entries.ts';
import { SEARCH_ATTRIBUTES, SERVER_REFRESH_WORKFLOW, workflowArgs } from '../../../contracts/index.ts';
import type { ServerRefreshOutput } from '../../../contracts/index.ts';
import { upsertSyncedEntries } from '../../../db/registry/sync.ts';
import { createTestApp } from '../../support/test-app.ts';
import type { TestApp } from '../../support/test-app.ts';

/** temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD */
const INDEXED_VALUE_TYPE_KEYWORD = 2;

/**
 * The shared dev server (scripts/infra/temporal.sh) may not know our search attributes yet;
 * the embedded mode registers them in platform/temporal.ts. Adding an existing one is refused: fine.
 */
export async function registerSearchAttributes(client: Client, namespace: string): Promise<void> {
  const searchAttributes = Object.fromEntries(Object.values(SEARCH_ATTRIBUTES).map((name) => [name, INDEXED_VALUE_TYPE_KEYWORD]));
  try {
    await client.connection.operatorService.addSearchAttributes({ namespace, searchAttributes });
  } catch (error) {
    if (!/already exists/i.test((error as Error).message)) throw error;
  }
}

/**
 * Puts the real server-everything in the registry the way production does: the registry's
 * reference entry, then its tools from a live tools/list through the refresh workflow.
 */
export async function addServerEverything(t: TestApp): Promise<void> {
  await addReferenceServers(t, ['everything']);
}

/** The same for any reference servers (everything, memory, filesystem, sequential-thinking). */
export async function addReferenceServers(t: TestApp, names: string[]): Promise<void> {
  await upsertSyncedEntries(t.db, referenceEntries().filter((e) => names.includes(e.name)));
  const out = (await t.temporal.client.workflow.execute(SERVER_REFRESH_WORKFLOW, {
    workflowId: `test-refresh-${randomUUID()}`,
    taskQueue: t.taskQueue,
    args: workflowArgs(SERVER_REFRESH_WORKFLOW, { servers: names }),
  })) as ServerRefreshOutput;
  if (out.status !== 'completed') throw new Error(`${names.join(', ')} refresh failed: ${JSON.stringify(out.refreshed)}`);
}

/** The service with server-everything registered, for execution tests. */
export async function createExecutionApp(env: Record<string, string> = {}): Promise<TestApp> {
  const t = await createTestApp({ env });
  await registerSearchAttributes(t.temporal.client, t.temporal.namespace);
  await addServerEverything(t);
  return t;
}

export const LONG = 'trigger-long-running-operation';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` returns a value, or fails after `timeoutMs`. */
export async function until<T>(check: () => Promise<T | undefined | false>, timeoutMs = 20_000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(everyMs);
  }
}
