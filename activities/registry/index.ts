import { ApplicationFailure } from '@temporalio/common';
import type { Database } from '../../db/client.ts';
import { syncCuratedPacks } from '../../db/registry/curated-packs.ts';
import { findServerConnect } from '../../db/jobs/tool-target.ts';
import { countServerTools, recordHealth, recordListedTools, serverLaunches } from '../../db/registry/runtime.ts';
import { toolInputOf } from '../../db/registry/tools.ts';
import { upsertSyncedEntries } from '../../db/registry/sync.ts';
import { pinnedVersions } from '../../db/registry/version-pins.ts';
import { protectedAmong } from '../../db/oauth-client/connections.ts';
import { discoverOnChallenge, isUnauthorized } from '../../platform/oauth-client/protected.ts';
import type { Logger } from '../../platform/logger.ts';
import type { McpSessionPool } from '../../mcp/index.ts';
import type { ServerHealthResult, ServerRefreshResult } from '../../contracts/index.ts';
import { catalogFile, loadBundledCatalog } from './catalog-source.ts';
import { CURATED_PACKS } from './curated-packs.ts';
import { isHealthChecked } from '../../domain/launch.ts';
import type { InstanceLauncher } from '../instances/launcher.ts';
import { unindexHeldTools } from '../retrieval/index.ts';
import type { SearchIndex } from '../../search/service/search-index.ts';
import { referenceEntries } from './reference-entries.ts';
import { UpstreamError, fetchUpstreamEntries, refusePrivateRemotes } from './upstream.ts';
import type { Skipped } from './upstream.ts';

export interface RegistryActivityDeps {
  db: Database;
  logger: Logger;
  mcp: McpSessionPool;
  /** Where the reference servers keep their data (filesystem sandbox, memory graph). */
  dataDir: string;
  /** Puts the operator's instance of a server into the pool (activities/instances/launcher.ts). */
  instances: InstanceLauncher;
  /** The tool index: a tool a sync holds leaves it at once, not at the sync's re-index (issue 37). */
  search: SearchIndex;
  /** ALLOW_PRIVATE_WEBHOOK_TARGETS: upstream remotes at private addresses are kept, not refused. */
  allowPrivateWebhookTargets?: boolean;
}

const LIST_TIMEOUT_MS = 20_000;
const UPSTREAM_TIMEOUT_MS = 15_000;

/** Registry sync, tool refresh and health-check activities; every write is an idempotent upsert. */
export function createRegistryActivities(deps: RegistryActivityDeps) {
  const { db, logger, mcp, dataDir } = deps;
  const log = logger.child({ component: 'registry' });

  /** Registers the server with the pool (a no-op when unchanged) and returns whether we can reach it. */
  async function ensureInPool(server: string, asUser: string | null = null): Promise<{ ok: true; poolKey: string } | { ok: false; error: string }> {
    const row = await findServerConnect(db, server);
    if (!row) return { ok: false, error: `server ${server} is not in the registry` };
    if (!isHealthChecked(row.launch)) return { ok: false, error: `server ${server} is not one we connect to for tools/list (catalog package: its tools come from the catalog)` };
    const placed = await deps.instances.place(server, asUser);
    return placed.ok ? { ok: true, poolKey: placed.poolKey } : { ok: false, error: placed.reason };
  }

  /**
   * A tool a sync or a refresh held may still be indexed with its approved text: it leaves the index now, not
   * at the follow-up re-index, so it is never ranked while held (a held new tool was never indexed:
   * a no-op). After the sync's commit; a failure fails the activity, whose retry holds the same
   * tools again (still pending) and so retries their removal.
   */
  async function unindexHeld(held: Map<string, string[]>): Promise<number> {
    let removed = 0;
    for (const [server, tools] of held) removed += await unindexHeldTools(db, deps.search, server, tools);
    if (removed) log.warn({ removed, servers: [...held.keys()].slice(0, 20) }, 'synced tool definitions held: taken out of the index');
    return removed;
  }

  /** A server that asks for OAuth cannot be reached without a user's token: the operator's check says nothing of it. */
  const oauthOnly = async (server: string) => (await protectedAmong(db, [server])).has(server);

  return {
    /** Bundled catalog plus the reference servers, then the curated packs over what exists. */
    async syncBundledRegistry(): Promise<{ count: number; changedTools: number; changedServers: string[]; packs: number }> {
      const { entries: catalog, invalid } = loadBundledCatalog(catalogFile(dataDir));
      if (invalid.length) log.warn({ invalid }, 'catalog entries skipped: they do not match catalog/schema.ts');
      const reference = referenceEntries();
      const names = new Set(reference.map((e) => e.name));
      const entries = [...catalog.filter((e) => !names.has(e.name)), ...reference];
      const { written, changedTools, changedServers, held } = await upsertSyncedEntries(db, entries);
      await unindexHeld(held);
      const packs = await syncCuratedPacks(db, CURATED_PACKS);
      log.info({ catalog: catalog.length, written: written.length, changedTools, packs: packs.length }, 'bundled registry synced');
      return { count: written.length, changedTools, changedServers, packs: packs.length };
    },

    async syncUpstreamRegistry(input: { url: string }): Promise<{ count: number; skipped: number; skippedReasons: Skipped[]; changedTools: number; changedServers: string[] }> {
      try {
        const fetched = await fetchUpstreamEntries(input.url, UPSTREAM_TIMEOUT_MS, await pinnedVersions(db));
        const { entries, refused } = await refusePrivateRemotes(fetched.entries, deps.allowPrivateWebhookTargets ?? false);
        if (refused.length) log.warn({ refused }, 'upstream remotes at private addresses kept as entries we do not connect to');
        const { written, changedTools, changedServers, held } = await upsertSyncedEntries(db, entries);
        await unindexHeld(held);
        // A name already held by an entry of ours (the catalog, a reference server, an admin's) stays ours.
        const writtenNames = new Set(written);
        const taken = entries.filter((e) => !writtenNames.has(e.name)).map((e) => ({ name: e.name, reason: 'the name is taken by an entry that is not the upstream registry\'s' }));
        const skippedReasons = [...fetched.skipped, ...taken].slice(0, 100);
        const skipped = fetched.skippedCount + taken.length;
        log.info({ fetched: entries.length, written: written.length, skipped, refused: refused.length }, 'upstream registry synced');
        if (skipped) log.warn({ skipped: skippedReasons.slice(0, 20) }, 'upstream documents skipped');
        return { count: written.length, skipped, skippedReasons, changedTools, changedServers };
      } catch (error) {
        // A 4xx or a document that is not JSON will not heal on retry; 5xx and network faults may.
        if (error instanceof UpstreamError && error.status < 500) {
          throw ApplicationFailure.nonRetryable((error as Error).message, 'UpstreamRegistryRejected');
        }
        throw error;
      }
    },

    /** Names of the servers we connect to, in the given scope. */
    async listRunnableServers(scope: { userId?: string; servers?: string[] }): Promise<string[]> {
      const rows = await serverLaunches(db, scope);
      return rows.filter((r) => isHealthChecked(r.launch)).map((r) => r.name).sort();
    },

    /** tools/list over MCP, stored when it succeeds; a server that fails is reported, not thrown. */
    async refreshServerTools(input: { server: string; asUser?: string }): Promise<ServerRefreshResult> {
      const { server } = input;
      const ready = await ensureInPool(server, input.asUser ?? null);
      if (!ready.ok) return { server, ok: false, toolCount: 0, changedTools: 0, error: ready.error };
      try {
        // asUser: listed through that user's instance (an OAuth server answers only a user's token, issue 36).
        const list = await mcp.listTools(ready.poolKey, { timeoutMs: LIST_TIMEOUT_MS });
        const { changedTools, held } = await recordListedTools(db, server, list.map(toolInputOf), new Date());
        await unindexHeld(new Map([[server, held]]));
        return { server, ok: true, toolCount: list.length, changedTools };
      } catch (error) {
        const message = (error as Error).message;
        const oauth = { server, ok: false, toolCount: 0, changedTools: 0, error: 'it asks for OAuth: its tools are listed through a user\'s connection' };
        if (input.asUser === undefined && (await oauthOnly(server))) return oauth;
        // A 401 the operator cannot answer: a server that asks each user for OAuth (issue 36), found here, not down.
        const row = input.asUser === undefined && isUnauthorized(error) ? await findServerConnect(db, server) : null;
        if (row && (await discoverOnChallenge(db, server, row, deps.allowPrivateWebhookTargets ?? false))) {
          log.info({ server }, 'server asks for OAuth: users connect their own accounts');
          return oauth;
        }
        log.warn({ server, err: message }, 'tools/list failed');
        await recordHealth(db, server, { status: 'error', checkedAt: new Date(), error: message });
        return { server, ok: false, toolCount: 0, changedTools: 0, error: message };
      }
    },

    /** MCP ping through the pool; the status and time are stored for GET /v1/servers. */
    async checkServerHealth(input: { server: string; timeoutMs: number }): Promise<ServerHealthResult> {
      const { server } = input;
      const checkedAt = new Date();
      if (await oauthOnly(server)) return { server, status: 'connected', toolCount: await countServerTools(db, server), checkedAt: checkedAt.toISOString(), error: 'not checked: it answers only a user\'s OAuth token' };
      const ready = await ensureInPool(server);
      const ping = ready.ok ? await mcp.ping(server, input.timeoutMs) : { status: 'disconnected' as const, error: ready.error };
      await recordHealth(db, server, { status: ping.status, checkedAt, error: ping.error });
      const result: ServerHealthResult = { server, status: ping.status, toolCount: await countServerTools(db, server), checkedAt: checkedAt.toISOString() };
      if (ping.error) result.error = ping.error;
      return result;
    },
  };
}
