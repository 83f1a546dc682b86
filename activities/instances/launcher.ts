import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import type { Database } from '../../db/client.ts';
import { findServerConnect } from '../../db/jobs/tool-target.ts';
import { findUserById } from '../../db/users.ts';
import type { Plan } from '../../db/schema/index.ts';
import { instanceKey, operatorChosen, planRun } from '../../domain/launch.ts';
import type { InstanceSpec, RunContext } from '../../domain/launch.ts';
import { WARM_INSTANCES_PER_USER } from '../../domain/instance-limits.ts';
import type { McpSessionPool, StdioLaunch } from '../../mcp/index.ts';
import type { PackageStore } from '../../package-store/index.ts';
import { sandboxedCommand } from '../../sandbox/index.ts';
import type { SandboxSupport } from '../../sandbox/index.ts';
import type { CredentialCipher } from '../../platform/credentials/cipher.ts';
import { declaredCredentials, openCredentials } from '../../platform/credentials/store.ts';
import { findConnection } from '../../db/oauth-client/connections.ts';
import { bearerSource } from '../../platform/oauth-client/bearer.ts';
import type { LaunchConfig, ToolDescriptor } from '../../mcp/index.ts';
import { checkStartListing } from '../../db/registry/runtime.ts';
import { toolInputOf } from '../../db/registry/tools.ts';
import type { SearchIndex } from '../../search/service/search-index.ts';
import { unindexHeldTools } from '../retrieval/index.ts';

/**
 * A user's instance of a server is dropped, its process ended, after this long without a call;
 * the pool also caps how many live per user (by plan) and in all (MAX_WARM_INSTANCES).
 */
export const USER_INSTANCE_IDLE_MS = 5 * 60_000;

/** What a harvest instance gets for each declared credential: enough for a server that only checks one is set. */
export const HARVEST_PLACEHOLDER = 'switchboard-harvest-placeholder';
/** A harvest instance lists once; it is dropped this long after. */
const HARVEST_IDLE_MS = 30_000;

/** How long a user's plan is trusted between calls (a plan change reaches the caps within it), and for how many users. */
const PLAN_TTL_MS = 60_000;
const PLANS_KEPT = 10_000;

export interface InstanceLauncherDeps {
  db: Database;
  mcp: McpSessionPool;
  dataDir: string;
  packages: PackageStore;
  sandbox: SandboxSupport;
  credentials: CredentialCipher;
  logger: Logger;
  /** The tool index: a tool held by an instance's start check leaves it at once. */
  search: SearchIndex;
  /** ALLOW_PRIVATE_WEBHOOK_TARGETS: token refreshes may reach private addresses. */
  allowPrivateWebhookTargets?: boolean;
}

/** Where a run goes: the pool key of the instance that serves it, or why it cannot run here. */
export type Placement = { ok: true; poolKey: string } | { ok: false; reason: string };

/**
 * Puts the instance of `server` that serves `userId` into the pool: installs its package first
 * when it is a catalog package (the first call waits for it, with progress), adds the user's
 * credentials to its environment and wraps it in the sandbox. The one path every run and
 * tools/list takes to a server, so no caller can skip the sandbox or reach another user's instance.
 */
export function createInstanceLauncher(deps: InstanceLauncherDeps) {
  // Bounded: one entry per user who ran something lately, not per user ever seen.
  const plans = new LRUCache<string, Plan>({ max: PLANS_KEPT, ttl: PLAN_TTL_MS });

  async function planOf(userId: string): Promise<Plan> {
    const known = plans.get(userId);
    if (known) return known;
    const plan = (await findUserById(deps.db, userId))?.plan ?? 'free';
    plans.set(userId, plan);
    return plan;
  }

  /**
   * The check every instance's session runs when it opens, before its first call (issue 37,
   * item 1): its listing against the pins. A held tool is refused by that session (TOOL_HELD).
   */
  const pinCheck =
    (server: string) =>
    async (listed: ToolDescriptor[]): Promise<[string, string][]> => {
      const definitions = listed.map(toolInputOf);
      const held = await checkStartListing(deps.db, server, definitions);
      if (held.size) {
        deps.logger.warn({ server, held: [...held.keys()] }, 'instance started with tool definitions that differ from their pins: held');
        // Out of ranking now, not at the next re-index. A failure fails this start (the hold stands,
        // and the next start tries again) rather than serve while a held tool may still be ranked.
        await unindexHeldTools(deps.db, deps.search, server, [...held.keys()]);
      }
      return [...held].map(([tool, holdId]) => [tool, `its definition is held for review${holdId ? ` (hold ${holdId})` : ''}: it changed, or is new, since it was pinned`]);
    };

  async function sandboxedLaunch(spec: InstanceSpec, secrets: Record<string, string>, options: PlaceOptions): Promise<StdioLaunch> {
    const installed = spec.package ? await deps.packages.ensure(spec.package, { onProgress: options.onProgress, signal: options.signal }) : null;
    const command = installed ? installed.command : spec.command;
    if (!command) throw new Error(`server ${spec.server} has nothing to run`);
    const wrapped = sandboxedCommand(command, [...(installed?.args ?? []), ...spec.args], {
      readOnly: [...spec.readOnly, ...(installed?.readOnly ?? [])],
      workDir: spec.workDir,
      egress: spec.egress,
      env: { ...spec.env, ...secrets },
    });
    return { type: 'stdio', command: wrapped.command, args: wrapped.args, env: wrapped.env };
  }

  return {
    /**
     * The tool harvest's instance of an imported package (issue 38, item 2): the operator's, under
     * a key of its own (no run ever reaches it), with a placeholder for each credential the entry
     * declares and never a real one, and dropped soon after its listing.
     */
    async placeForHarvest(server: string, options: PlaceOptions = {}): Promise<Placement> {
      const row = await findServerConnect(deps.db, server);
      if (!row) return { ok: false, reason: `server ${server} is not in the registry` };
      const plan = planRun(server, row.launch, { dataDir: deps.dataDir, userId: null, sandbox: deps.sandbox });
      if ('reason' in plan) return { ok: false, reason: plan.reason };
      if (plan.kind !== 'sandboxed') return { ok: false, reason: `server ${server} is not a package we run in the sandbox` };
      const launchType = (row.launch as { type?: unknown } | null)?.type;
      const declared = declaredCredentials({ authentication: row.authentication, launchType: typeof launchType === 'string' ? launchType : null });
      const placeholders = Object.fromEntries(declared.names.map((name) => [name, HARVEST_PLACEHOLDER]));
      const launch = await sandboxedLaunch(plan.instance, placeholders, options);
      const poolKey = `${server}@harvest`;
      deps.mcp.ensure(poolKey, launch, { trusted: true, idleMs: HARVEST_IDLE_MS });
      return { ok: true, poolKey };
    },

    /** Registers (or keeps) the instance serving `userId`; a package not yet installed is installed first. */
    async place(server: string, userId: string | null, options: PlaceOptions = {}): Promise<Placement> {
      const row = await findServerConnect(deps.db, server);
      if (!row) return { ok: false, reason: `server ${server} is not in the registry` };
      const ctx: RunContext = { dataDir: deps.dataDir, userId, sandbox: deps.sandbox };
      const plan = planRun(server, row.launch, ctx);
      if ('reason' in plan) return { ok: false, reason: plan.reason };
      // The declaration came with the launch row: no second read, and no query when it names none.
      const launchType = (row.launch as { type?: unknown } | null)?.type;
      const declared = declaredCredentials({ authentication: row.authentication, launchType: typeof launchType === 'string' ? launchType : null });
      // An operator's own stdio entry gets none: its environment is the operator's configuration.
      const takesSecrets = userId !== null && (plan.kind === 'sandboxed' || plan.launch.type !== 'stdio');
      const secrets = takesSecrets ? await openCredentials(deps.db, deps.credentials, userId, server, declared) : {};
      if (plan.kind === 'connect') {
        const { launch } = plan;
        // A user's OAuth connection to this server (issue 36): their session, with their token on every request.
        if (launch.type !== 'stdio' && userId !== null && (await findConnection(deps.db, userId, server))) {
          const poolKey = instanceKey(server, userId);
          const trusted = operatorChosen(row);
          const bearer = bearerSource({ db: deps.db, cipher: deps.credentials, logger: deps.logger, policy: oauthPolicy(launch, trusted) }, userId, server);
          deps.mcp.ensure(poolKey, { ...launch, headers: withoutAuthorization(launch.headers) }, { trusted, bearer, onOpen: pinCheck(server), ...(await idleOptions(userId)) });
          return { ok: true, poolKey };
        }
        // An HTTP server the user holds credentials for is a session of theirs, with their headers.
        if (launch.type !== 'stdio' && userId !== null && Object.keys(secrets).length) {
          const poolKey = instanceKey(server, userId);
          const options = { trusted: operatorChosen(row), onOpen: pinCheck(server), ...(await idleOptions(userId)) };
          deps.mcp.ensure(poolKey, { ...launch, headers: { ...launch.headers, ...secrets } }, options);
          return { ok: true, poolKey };
        }
        const perUser = plan.poolKey !== server;
        deps.mcp.ensure(plan.poolKey, launch, { trusted: operatorChosen(row), onOpen: pinCheck(server), ...(perUser && userId ? await idleOptions(userId) : {}) });
        return { ok: true, poolKey: plan.poolKey };
      }
      const launch = await sandboxedLaunch(plan.instance, secrets, options);
      deps.mcp.ensure(plan.poolKey, launch, { trusted: true, onOpen: pinCheck(server), ...(userId ? await idleOptions(userId) : {}) });
      return { ok: true, poolKey: plan.poolKey };
    },
  };

  function oauthPolicy(launch: Exclude<LaunchConfig, { type: 'stdio' }>, trusted: boolean) {
    return { allowPrivate: deps.allowPrivateWebhookTargets ?? false, trustedOrigin: trusted ? new URL(launch.url).origin : null };
  }

  async function idleOptions(userId: string) {
    return { idleMs: USER_INSTANCE_IDLE_MS, group: { key: userId, max: WARM_INSTANCES_PER_USER[await planOf(userId)] } };
  }
}

/** A launch's own headers without any Authorization: the user's token is the only one that goes (bearer-fetch.ts). */
function withoutAuthorization(headers: Record<string, string> | undefined): Record<string, string> | undefined {
  if (!headers) return undefined;
  return Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'authorization'));
}

export interface PlaceOptions {
  /** Install progress ("installing npm x@1.2.3"), for job streams and MCP progress. */
  onProgress?: (message: string) => void;
  signal?: AbortSignal;
}

export type InstanceLauncher = ReturnType<typeof createInstanceLauncher>;
