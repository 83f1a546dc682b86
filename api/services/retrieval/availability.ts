import type { Database } from '../../../db/client.ts';
import type { AvailabilityFacts, RunFacts, ServerFacts } from '../../../db/retrieval/availability-facts.ts';
import { availabilityFacts } from '../../../db/retrieval/availability-facts.ts';
import { isHealthChecked, launchKind, whyUnrunnable } from '../../../domain/launch.ts';
import type { SandboxSupport } from '../../../sandbox/index.ts';
import { probeSandbox } from '../../../sandbox/index.ts';
import { declaredCredentials } from '../../../platform/credentials/store.ts';
import { OAUTH_TOKENS_NAME } from '../../../db/oauth-client/connections.ts';
import { credentialsPagePath } from '../execution/credentials-required.ts';
import { shownServerName } from '../../../db/registry/server-keys.ts';
import { PLAN_ALLOWANCES } from '../registry/plan-allowances.ts';
import type { RetrievedTool } from './present.ts';
import { round } from './present.ts';

/**
 * Whether a retrieved tool can run for this caller, and why not (docs/retrieval.md
 * "Availability"). `status` — ok: nothing known against it; degraded: it may run but is likely
 * to disappoint (failing lately, outside the plan); unavailable: a call will fail as things stand.
 * `state` — what the caller must do first, if anything (RUN_STATES).
 */
export type AvailabilityStatus = 'ok' | 'degraded' | 'unavailable';

/** ready: runs without an install or setup; installable: its package installs on the first call. */
export const RUN_STATES = ['ready', 'installable', 'needs_credentials', 'unsupported', 'disabled'] as const;
export type RunState = (typeof RUN_STATES)[number];

export const AVAILABILITY_CODES = ['server_down', 'credentials_missing', 'unsupported', 'install_required', 'plan_excluded', 'failing', 'succeeded_for_you'] as const;
export type AvailabilityCode = (typeof AVAILABILITY_CODES)[number];

/** One fact that moved the tool's score; `succeeded_for_you` raises it, every other code lowers it. */
export interface AvailabilityReason {
  code: AvailabilityCode;
  message: string;
}

export interface Availability {
  status: AvailabilityStatus;
  state: RunState;
  reasons: AvailabilityReason[];
  missing_credentials?: string[];
  setup_url?: string;
  expected_install_seconds?: number;
}

/**
 * Factor on the score per demoting fact (multiplied when several hold). What the caller cannot
 * run without setup goes below an equally relevant tool they can run; a first-call install only
 * a little (it runs, later).
 */
export const DEMOTION = { server_down: 0.5, unsupported: 0.5, credentials_missing: 0.6, plan_excluded: 0.7, install_required: 0.95 } as const;
/** "Keeps failing": at least this many recent runs (all users), at least this share failed. */
export const FAILING_MIN_RUNS = 3;
export const FAILING_MIN_SHARE = 0.5;
/** A failing tool's factor is 1 − FAILING_WEIGHT · failed share (0.75 at half failed, 0.5 at all). */
export const FAILING_WEIGHT = 0.5;
/** Share of the headroom a tool gains from this user's successful runs, reached at USER_SUCCESS_FULL runs. */
export const USER_SUCCESS_GAIN = 0.1;
export const USER_SUCCESS_FULL = 3;

/** A ranked candidate with the internal key of its server (custom servers show another name). */
export interface Candidate {
  tool: RetrievedTool;
  serverKey: string;
}

export type AvailableTool = RetrievedTool & { availability: Availability };

/** What the availability stage knows of the machine and the caller besides the facts query. */
export interface CallerContext {
  userId: string | null;
  /** This machine's sandbox (sandbox/ probeSandbox): catalog packages run only in it. */
  sandbox: SandboxSupport;
  /** The console page where a server's credentials are set, by shown name. */
  setupUrl: (shownServer: string) => string;
}

/** The console page where a user sets a server's credentials, absolute when the caller's origin is known. */
export function serverSetupUrl(origin: string | undefined, shownServer: string): string {
  return `${origin ?? ''}${credentialsPagePath(shownServer)}`;
}

const DOWN = new Set(['disconnected', 'error']);

/**
 * Credentials the server requires that neither its launch config nor the caller's stored ones
 * carry: the names the credential store declares for it (platform/credentials/store.ts), so retrieval
 * and the refusal before a run (CREDENTIALS_REQUIRED) agree.
 */
function missingCredentials(server: ServerFacts): string[] {
  const launch = (server.launch ?? {}) as { type?: string; env?: Record<string, unknown>; headers?: Record<string, unknown> };
  const declared = declaredCredentials({ authentication: server.authentication, launchType: launch.type ?? null });
  if (!declared.required) return [];
  const set = new Set(server.credentialsSet ?? []);
  const inLaunch = (name: string) => (typeof launch.env?.[name] === 'string' && launch.env[name] !== '') || launch.headers?.[name] !== undefined;
  return declared.names.filter((name) => !set.has(name) && !inLaunch(name));
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The demotions and gains of one tool, and the factor and gain they make. */
export function judge(candidate: Candidate, facts: AvailabilityFacts, caller: CallerContext): { availability: Availability; factor: number; gain: number } {
  const { userId } = caller;
  const reasons: AvailabilityReason[] = [];
  let factor = 1;
  let unavailable = false;
  let state: RunState = 'ready';
  const extra: Pick<Availability, 'missing_credentials' | 'setup_url' | 'expected_install_seconds'> = {};
  const shown = candidate.tool.server;
  const server = facts.servers.get(candidate.serverKey);
  const demote = (code: Exclude<AvailabilityCode, 'failing' | 'succeeded_for_you'>, message: string, blocks = true) => {
    factor *= DEMOTION[code];
    unavailable ||= blocks;
    reasons.push({ code, message });
  };
  const unrunnable = server ? whyUnrunnable(server.launch, caller.sandbox) : null;
  if (server && unrunnable) {
    state = 'unsupported';
    demote('unsupported', `Server ${shown} cannot run on this service: ${unrunnable}`);
  } else if (server) {
    // Health is a fact only about servers the registry checks; a catalog package is judged by its install.
    if (isHealthChecked(server.launch) && DOWN.has(server.status)) {
      const why = server.lastError ? `: ${server.lastError.slice(0, 200)}` : '';
      demote('server_down', `Server ${shown} is ${server.status} at its last health check${why}`);
    }
    const missing = missingCredentials(server);
    if (server.oauthProtected && !(server.credentialsSet ?? []).includes(OAUTH_TOKENS_NAME)) {
      // Never connected, disconnected, or its AS refused a refresh (the tokens are dropped then): connect first.
      state = 'needs_credentials';
      extra.missing_credentials = [];
      extra.setup_url = caller.setupUrl(shown);
      demote('credentials_missing', `Server ${shown} needs your OAuth connection, which you have not made or which expired (connect at ${extra.setup_url})`);
    } else if (missing.length) {
      state = 'needs_credentials';
      extra.missing_credentials = missing;
      extra.setup_url = caller.setupUrl(shown);
      demote('credentials_missing', `Server ${shown} needs ${missing.join(', ')}, which you have not set (set them at ${extra.setup_url})`);
    } else if (launchKind(server.launch) === 'package' && server.install?.status !== 'installed') {
      state = 'installable';
      const seconds = server.install?.installMs ? Math.max(1, Math.round(server.install.installMs / 1000)) : undefined;
      if (seconds !== undefined) extra.expected_install_seconds = seconds;
      demote('install_required', `Server ${shown} is installed on its first call${seconds !== undefined ? ` (about ${plural(seconds, 'second')})` : ''}`, false);
    }
  }
  if (server && userId && server.ownerUserId === userId && facts.plan && PLAN_ALLOWANCES[facts.plan].maxCustomServers === 0) {
    demote('plan_excluded', `The ${facts.plan} plan does not include custom servers such as ${shown}`, false);
  }
  const runs: RunFacts | undefined = facts.runs.get(`${candidate.serverKey}/${candidate.tool.name}`);
  if (runs && runs.recentRuns >= FAILING_MIN_RUNS && runs.recentFailures / runs.recentRuns >= FAILING_MIN_SHARE) {
    factor *= 1 - FAILING_WEIGHT * (runs.recentFailures / runs.recentRuns);
    reasons.push({ code: 'failing', message: `${runs.recentFailures} of its last ${plural(runs.recentRuns, 'run')} failed` });
  }
  let gain = 0;
  if (runs && userId && runs.userSuccesses > 0) {
    gain = USER_SUCCESS_GAIN * Math.min(1, runs.userSuccesses / USER_SUCCESS_FULL);
    reasons.push({ code: 'succeeded_for_you', message: `${plural(runs.userSuccesses, 'successful run')} of yours in the last 30 days` });
  }
  const status: AvailabilityStatus = unavailable ? 'unavailable' : factor < 1 ? 'degraded' : 'ok';
  return { availability: { status, state, reasons, ...extra }, factor, gain };
}

/** States in which a call runs without the caller doing anything first (`runnable_only`). */
export const RUNNABLE_STATES: ReadonlySet<RunState> = new Set(['ready', 'installable']);

/**
 * The final stage of a retrieval: each candidate's score becomes
 * `factor · (score + gain · (1 − score))`, the list is re-sorted (ties keep the ranking's order)
 * and cut to `topK`. Nothing is removed (a demoted tool only moves down) unless `runnableOnly`
 * asks for only what runs without setup (RUNNABLE_STATES).
 */
export function applyAvailability(candidates: Candidate[], facts: AvailabilityFacts, caller: CallerContext, topK: number, runnableOnly = false): AvailableTool[] {
  const judged = candidates.map((c, i) => {
    const { availability, factor, gain } = judge(c, facts, caller);
    const score = Math.min(1, Math.max(0, factor * (c.tool.score + gain * (1 - c.tool.score))));
    return { tool: { ...c.tool, score: round(score), availability }, exact: score, i };
  });
  judged.sort((a, b) => b.exact - a.exact || a.i - b.i);
  const kept = runnableOnly ? judged.filter((j) => RUNNABLE_STATES.has(j.tool.availability.state)) : judged;
  return kept.slice(0, topK).map((j) => j.tool);
}

/** No facts: every tool `ok`, scores unchanged (a retrieval whose facts could not be read). */
export const NO_FACTS: AvailabilityFacts = { plan: null, servers: new Map(), runs: new Map() };

/** The one query for a retrieval's candidates (or a superset of them: facts of other tools do no harm). */
export function loadAvailabilityFacts(db: Database, candidates: Array<{ serverKey: string; tool: { name: string } }>, userId: string | null): Promise<AvailabilityFacts> {
  return availabilityFacts(db, {
    userId,
    servers: [...new Set(candidates.map((c) => c.serverKey))],
    tools: candidates.map((c) => ({ server: c.serverKey, tool: c.tool.name })),
  });
}

/** Tools' availability for a caller (tool detail, MCP listings): retrieval's judge, one facts query for all. */
export async function availabilityOfMany(
  db: Database,
  caller: { userId: string | null; origin?: string },
  tools: Array<{ serverKey: string; toolName: string }>,
): Promise<Availability[]> {
  const candidates: Candidate[] = tools.map((t) => ({ serverKey: t.serverKey, tool: { name: t.toolName, server: shownServerName(t.serverKey) } as RetrievedTool }));
  const facts = candidates.length ? await loadAvailabilityFacts(db, candidates, caller.userId) : NO_FACTS;
  const context: CallerContext = { userId: caller.userId, sandbox: await probeSandbox(), setupUrl: (server) => serverSetupUrl(caller.origin, server) };
  return candidates.map((c) => judge(c, facts, context).availability);
}

/** One tool's availability for a caller. */
export async function availabilityOf(db: Database, caller: { userId: string | null; origin?: string }, serverKey: string, toolName: string): Promise<Availability> {
  const [one] = await availabilityOfMany(db, caller, [{ serverKey, toolName }]);
  return one!;
}
