import { Context } from '@temporalio/activity';
import type { Database } from '../../db/client.ts';
import { recordListedTools } from '../../db/registry/runtime.ts';
import { toolInputOf } from '../../db/registry/tools.ts';
import { markHarvestTried, unharvestedImports } from '../../db/registry/harvest.ts';
import { launchKind } from '../../domain/launch.ts';
import type { Logger } from '../../platform/logger.ts';
import type { McpSessionPool } from '../../mcp/index.ts';
import { HARVEST_ATTEMPTS } from '../../contracts/index.ts';
import type { ServerRefreshResult } from '../../contracts/index.ts';
import type { InstanceLauncher } from '../instances/launcher.ts';
import { unindexHeldTools } from '../retrieval/index.ts';
import type { SearchIndex } from '../../search/service/search-index.ts';

export interface HarvestActivityDeps {
  db: Database;
  logger: Logger;
  mcp: McpSessionPool;
  instances: InstanceLauncher;
  search: SearchIndex;
}

/** A cold npm package installs, starts in the sandbox and lists: give it time. */
const LIST_TIMEOUT_MS = 60_000;

/**
 * The tool harvest (issue 38, item 2): an imported server.json names a package, not its tools.
 * Each imported package with no tools is started once in the sandbox, as the operator, with
 * placeholders for its credentials, and its tools/list goes through the same pin check as a
 * refresh (db/trust/gate.ts), so what it lists is pinned, held or stored like any listing.
 */
export function createHarvestActivities(deps: HarvestActivityDeps) {
  const { db, mcp } = deps;
  const log = deps.logger.child({ component: 'tool-harvest' });
  const markTried = (server: string) => markHarvestTried(db, server, new Date());

  return {
    /** Imported package entries never harvested and with no tools, by name. */
    async listHarvestTargets(input: { limit: number }): Promise<string[]> {
      const rows = await unharvestedImports(db);
      return rows.filter((r) => launchKind(r.launch) === 'package').slice(0, input.limit).map((r) => r.name);
    },

    /**
     * Lists one server's tools from a harvest instance. A failure is thrown (Temporal retries it:
     * an install may fail on a registry's bad minute) until the last try, which records the try
     * and reports it: a server that will not list without its real credentials keeps the tools
     * it had (none, or documented ones), and is not tried again by the next sync.
     */
    async harvestServerTools(input: { server: string }): Promise<ServerRefreshResult> {
      const { server } = input;
      const last = Context.current().info.attempt >= HARVEST_ATTEMPTS;
      try {
        const placed = await deps.instances.placeForHarvest(server, { signal: Context.current().cancellationSignal });
        if (!placed.ok) {
          await markTried(server);
          return { server, ok: false, toolCount: 0, changedTools: 0, error: placed.reason };
        }
        const list = await mcp.listTools(placed.poolKey, { timeoutMs: LIST_TIMEOUT_MS });
        const { changedTools, held } = await recordListedTools(db, server, list.map(toolInputOf), new Date());
        // Held: out of the index now, not at the harvest's re-index (issue 37: never ranked while held).
        await unindexHeldTools(db, deps.search, server, held);
        await markTried(server);
        log.info({ server, tools: list.length, changedTools }, 'tools harvested');
        return { server, ok: true, toolCount: list.length, changedTools };
      } catch (error) {
        const message = (error as Error).message.slice(0, 500);
        if (!last) throw error;
        await markTried(server);
        log.warn({ server, err: message }, 'tool harvest failed: the entry keeps the tools it had');
        return { server, ok: false, toolCount: 0, changedTools: 0, error: message };
      }
    },
  };
}
