import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { LaunchConfigSchema, PER_USER_REFERENCE_SERVERS, REFERENCE_SERVER_NAMES, referenceServerLaunch, userFolderName } from '../mcp/index.ts';
import type { LaunchConfig, ReferenceServerName } from '../mcp/index.ts';
import { packageLaunchOf } from '../package-store/index.ts';
import type { PackageLaunch } from '../package-store/index.ts';
import type { EgressPolicy } from '../sandbox/index.ts';

/**
 * What mcp_servers.launch holds, and how each kind runs (docs/decisions.md "Running what we find"):
 * - `{type:'reference', name}`: one of the four npm reference servers shipped with us;
 * - `{type:'catalog', transport:'stdio', command:'npx'|'uvx', args, package}`: a catalog (or
 *   upstream) package, installed on demand into the package store and run in the sandbox;
 * - `{type:'catalog', transport:'streamable-http'|'sse', url}`: a catalog remote, connected at
 *   public addresses only;
 * - an mcp/ LaunchConfig (stdio, streamable-http, sse, http): admin entries, custom servers and
 *   upstream remotes, connected as configured.
 */

/** How one server runs for one caller. */
export type RunPlan =
  | { kind: 'connect'; poolKey: string; launch: LaunchConfig }
  | { kind: 'sandboxed'; poolKey: string; instance: InstanceSpec };

/** A sandboxed instance before its package is installed and its credentials added. */
export interface InstanceSpec {
  server: string;
  /** The package to install first; null for code that ships with the service (reference servers). */
  package: PackageLaunch | null;
  /** What to exec when there is no package (a package's command comes from the store). */
  command: string | null;
  /** The entry's own arguments, `${WORKDIR}` replaced by `workDir`. */
  args: string[];
  /** What the entry declares (never secrets; a user's credentials are added at launch). */
  env: Record<string, string>;
  /** The instance's own folder: its data, kept across restarts; nothing else is writable. */
  workDir: string;
  /** Host paths it must read (code shipped with us); the store adds the package's own. */
  readOnly: string[];
  egress: EgressPolicy;
}

/** Why a server cannot run here; null when it can. */
export type Unrunnable = { reason: string };

export interface RunContext {
  dataDir: string;
  /** The user the instance serves; null: the operator's instance (tools/list, health checks). */
  userId: string | null;
  /** Whether this machine's sandbox works (sandbox/ probeSandbox); catalog code never runs without it. */
  sandbox: { ok: true; egress: EgressPolicy[] } | { ok: false; reason: string };
}

/** The catalog's stdio launch, as the registry sync stores it (activities/registry/catalog-source.ts). */
interface StoredPackageLaunch {
  type: 'catalog';
  transport: 'stdio';
  command: string;
  args: string[];
  package: PackageLaunch['ref'];
  egress?: EgressPolicy;
  env?: Record<string, string>;
}

const REMOTE_TRANSPORTS = new Set(['streamable-http', 'sse']);

/**
 * The run plan of `server` for a caller, or why it cannot run here. Every sandboxed instance
 * serves one user: its pool key is `<server>@<user folder>` (registry names never hold `@`).
 */
export function planRun(server: string, stored: unknown, ctx: RunContext): RunPlan | Unrunnable {
  const kind = launchKind(stored);
  const poolKey = instanceKey(server, ctx.userId);
  switch (kind) {
    case 'reference':
      return referencePlan(server, (stored as { name: ReferenceServerName }).name, ctx);
    case 'package': {
      if (!ctx.sandbox.ok) return { reason: packageNeedsSandbox(ctx.sandbox.reason) };
      const entry = stored as StoredPackageLaunch;
      const workDir = instanceDir(ctx.dataDir, server, ctx.userId);
      const parsed = readPackageLaunch(entry);
      if ('error' in parsed) return { reason: `its launch command is not one we can run: ${parsed.error}` };
      const pkg = parsed.launch;
      const egress = entry.egress ?? 'public';
      const instance: InstanceSpec = {
        server,
        package: pkg,
        command: null,
        args: pkg.args.map((arg) => arg.replaceAll('${WORKDIR}', workDir)),
        env: entry.env ?? {},
        workDir,
        readOnly: [],
        // A machine without a safe public network runs it without any: more refused calls, no wider reach.
        egress: ctx.sandbox.egress.includes(egress) ? egress : 'none',
      };
      return { kind: 'sandboxed', poolKey, instance };
    }
    case 'catalog-remote': {
      const parsed = LaunchConfigSchema.safeParse({ type: (stored as { transport: string }).transport, url: (stored as { url?: unknown }).url });
      return parsed.success ? { kind: 'connect', poolKey: server, launch: parsed.data } : { reason: 'its remote URL is not valid' };
    }
    case 'config':
      return { kind: 'connect', poolKey: server, launch: LaunchConfigSchema.parse(stored) };
    default:
      return { reason: unrunnableReason(stored) };
  }
}

/**
 * The package a stored launch runs from (a catalog entry's `{command: npx|uvx, args, package}`),
 * or null for every other launch and for one whose args do not run the package it pins: the one
 * reader of it, for runs here and for the API's install ahead and first-call wait.
 */
export function storedPackageLaunch(stored: unknown): PackageLaunch | null {
  if (launchKind(stored) !== 'package') return null;
  const parsed = readPackageLaunch(stored as StoredPackageLaunch);
  return 'launch' in parsed ? parsed.launch : null;
}

function readPackageLaunch(entry: StoredPackageLaunch): { launch: PackageLaunch } | { error: string } {
  try {
    return { launch: packageLaunchOf({ command: entry.command, args: entry.args, package: entry.package }) };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

/** What kind of launch a stored config is; null when we have no way to run it. */
export function launchKind(stored: unknown): 'reference' | 'package' | 'catalog-remote' | 'config' | null {
  if (!stored || typeof stored !== 'object') return null;
  const s = stored as Record<string, unknown>;
  if (s.type === 'reference') return REFERENCE_SERVER_NAMES.includes(s.name as ReferenceServerName) ? 'reference' : null;
  if (s.type === 'catalog') {
    if (s.transport === 'stdio' && s.package && typeof s.package === 'object' && 'registry' in s.package) return 'package';
    if (typeof s.transport === 'string' && REMOTE_TRANSPORTS.has(s.transport) && typeof s.url === 'string') return 'catalog-remote';
    return null;
  }
  return LaunchConfigSchema.safeParse(stored).success ? 'config' : null;
}

function unrunnableReason(stored: unknown): string {
  const s = (stored ?? {}) as Record<string, unknown>;
  if (s.type === 'catalog' && typeof s.refused === 'string') return `its remote address is refused: ${s.refused}`;
  if (s.type === 'catalog' && typeof s.unsupported === 'string') return s.unsupported;
  if (s.type === 'catalog') return 'the registry entry names no package or remote we can run';
  return 'it has no launch configuration';
}

/**
 * Why a server cannot run on this machine, or null when it can (the API's check before a run
 * and availability's `unsupported`; the worker's planRun says the same with the same words).
 */
export function whyUnrunnable(stored: unknown, sandbox: RunContext['sandbox']): string | null {
  const kind = launchKind(stored);
  if (kind === null) return unrunnableReason(stored);
  if (kind === 'package' && !sandbox.ok) return packageNeedsSandbox(sandbox.reason);
  return null;
}

const packageNeedsSandbox = (why: string) => `catalog servers run only in the sandbox, which is unavailable here: ${why}`;

/**
 * True when the registry's health checks and tools/list refreshes connect to this server: the
 * reference servers and configured connections. Catalog packages are not started for that
 * (their tools come from the catalog harvest; installing 300 packages for a health check is no check).
 */
export function isHealthChecked(stored: unknown): boolean {
  const kind = launchKind(stored);
  return kind === 'reference' || kind === 'config';
}

/** The pool key of a server's instance for a user; the operator's instance is keyed by the name alone. */
export function instanceKey(server: string, userId: string | null): string {
  return userId === null ? server : `${server}@${userFolderName(userId)}`;
}

/** The registry name of a pool key (metrics and errors name servers, never users). */
export function instanceServerName(key: string): string {
  const at = key.indexOf('@');
  return at > 0 ? key.slice(0, at) : key;
}

/** `<dataDir>/users/<user folder>/<server>`, or `<dataDir>/operator/<server>` for the operator's instance. */
export function instanceDir(dataDir: string, server: string, userId: string | null): string {
  const root = resolve(dataDir);
  return userId === null ? join(root, 'operator', server) : join(root, 'users', userFolderName(userId), server);
}

/**
 * A reference server: sandboxed like any instance when the sandbox works; otherwise, being code
 * we ship and pin (not a user's choice), it runs as before, directly, with memory and filesystem
 * still one instance per user (decisions.md "Running what we find").
 */
function referencePlan(server: string, name: ReferenceServerName, ctx: RunContext): RunPlan {
  // Sandboxed, every instance serves one user; unsandboxed, only the two that keep data do (issue 33).
  const perUser = ctx.userId !== null && (ctx.sandbox.ok || PER_USER_REFERENCE_SERVERS.includes(name));
  const owner = perUser ? ctx.userId : null;
  const workDir = instanceDir(ctx.dataDir, server, owner);
  mkdirSync(workDir, { recursive: true });
  if (name === 'memory') adoptOldMemoryFile(ctx.dataDir, owner, workDir);
  const launch = referenceServerLaunch(workDir, name);
  if (!ctx.sandbox.ok) return { kind: 'connect', poolKey: instanceKey(server, owner), launch };
  const instance: InstanceSpec = {
    server,
    package: null,
    command: launch.command,
    args: launch.args,
    env: launch.env ?? {},
    workDir,
    // Our node binary and the service's node_modules (where the reference packages and their dependencies are).
    readOnly: [dirname(dirname(process.execPath)), nodeModulesOf(launch.args[0] ?? '')],
    egress: 'none',
  };
  return { kind: 'sandboxed', poolKey: instanceKey(server, owner), instance };
}

/** The node_modules folder a package bin lives in. */
function nodeModulesOf(bin: string): string {
  const at = bin.lastIndexOf('/node_modules/');
  return at >= 0 ? bin.slice(0, at + '/node_modules'.length) : dirname(bin);
}

/**
 * Before issue 35 a user's graph lived at `users/<folder>/memory.jsonl` (the operator's at
 * `<dataDir>/memory.jsonl`); an instance now sees only its own folder, so the file moves in once.
 */
function adoptOldMemoryFile(dataDir: string, userId: string | null, workDir: string): void {
  const old = userId === null ? join(resolve(dataDir), 'memory.jsonl') : join(resolve(dataDir), 'users', userFolderName(userId), 'memory.jsonl');
  const now = join(workDir, 'memory.jsonl');
  if (existsSync(old) && !existsSync(now)) renameSync(old, now);
}

/**
 * True when the operator chose this server's target: an admin's registry entry, a reference
 * server, or an admin's own custom server. Every other HTTP server (a user's custom server, an
 * upstream registry remote, a catalog entry) is reached only at public addresses unless
 * ALLOW_PRIVATE_WEBHOOK_TARGETS is set, checked at connect time (mcp/outbound-guard.ts).
 */
export function operatorChosen(row: { source: string; ownerRole: string | null }): boolean {
  if (row.source === 'admin' || row.source === 'reference') return true;
  return row.source === 'custom' && row.ownerRole === 'admin';
}
