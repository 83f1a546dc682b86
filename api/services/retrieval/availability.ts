import type { Database } from '../../../db/client.ts';
import type { AvailabilityFacts, RunFacts, ServerFacts } from '../../../db/retrieval/availability-facts.ts';
import { availabilityFacts } from '../../../db/retrieval/availability-facts.ts';
import { isRunnable } from '../../../domain/launch.ts';
import { PLAN_ALLOWANCES } from '../registry/plan-allowances.ts';
import type { RetrievedTool } from './present.ts';
import { round } from './present.ts';

/**
 * Whether a retrieved tool can run for this caller, and why not (docs/retrieval.md
 * "Availability"). `ok`: nothing known against it; `degraded`: it may run but is likely to
 * disappoint (failing lately, outside the plan); `unavailable`: a call will fail as things stand
 * (its server is down, a credential it requires is not set).
 */
export type AvailabilityStatus = 'ok' | 'degraded' | 'unavailable';

export type AvailabilityCode = 'server_down' | 'credentials_missing' | 'plan_excluded' | 'failing' | 'succeeded_for_you';

/** One fact that moved the tool's score; `succeeded_for_you` raises it, every other code lowers it. */
export interface AvailabilityReason {
  code: AvailabilityCode;
  message: string;
}

export interface Availability {
  status: AvailabilityStatus;
  reasons: AvailabilityReason[];
}

/** Factor on the score per demoting fact (multiplied when several hold). */
export const DEMOTION = { server_down: 0.5, credentials_missing: 0.6, plan_excluded: 0.7 } as const;
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

const DOWN = new Set(['disconnected', 'error']);
const REMOTE = new Set(['streamable-http', 'sse', 'http']);

/** Credentials the server requires that its launch config does not carry; empty when none is missing. */
function missingCredentials(server: ServerFacts): string[] {
  const auth = server.authentication;
  if (!auth || auth.required !== true) return [];
  const vars = Array.isArray(auth.env_vars) ? auth.env_vars.filter((v): v is string => typeof v === 'string') : typeof auth.env_var === 'string' ? [auth.env_var] : [];
  const launch = (server.launch ?? {}) as { type?: string; env?: Record<string, unknown>; headers?: Record<string, unknown> };
  if (launch.type === 'stdio') return vars.filter((v) => typeof launch.env?.[v] !== 'string' || launch.env[v] === '');
  // A remote server takes its credential in a header; which one is the server's business.
  if (REMOTE.has(launch.type ?? '')) return Object.keys(launch.headers ?? {}).length ? [] : vars.length ? vars : ['an authorization header'];
  return [];
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The demotions and gains of one tool, and the factor and gain they make. */
export function judge(candidate: Candidate, facts: AvailabilityFacts, userId: string | null): { availability: Availability; factor: number; gain: number } {
  const reasons: AvailabilityReason[] = [];
  let factor = 1;
  let unavailable = false;
  const shown = candidate.tool.server;
  const server = facts.servers.get(candidate.serverKey);
  // Health and credentials are facts only about servers this service connects to; a catalog
  // entry it does not run (the agent installs it elsewhere) carries none (docs/retrieval.md).
  if (server && isRunnable(server.launch)) {
    if (DOWN.has(server.status)) {
      factor *= DEMOTION.server_down;
      unavailable = true;
      const why = server.lastError ? `: ${server.lastError.slice(0, 200)}` : '';
      reasons.push({ code: 'server_down', message: `Server ${shown} is ${server.status} at its last health check${why}` });
    }
    const missing = missingCredentials(server);
    if (missing.length) {
      factor *= DEMOTION.credentials_missing;
      unavailable = true;
      reasons.push({ code: 'credentials_missing', message: `Server ${shown} needs ${missing.join(', ')}, which its configuration does not set` });
    }
  }
  if (server && userId && server.ownerUserId === userId && facts.plan && PLAN_ALLOWANCES[facts.plan].maxCustomServers === 0) {
    factor *= DEMOTION.plan_excluded;
    reasons.push({ code: 'plan_excluded', message: `The ${facts.plan} plan does not include custom servers such as ${shown}` });
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
  return { availability: { status, reasons }, factor, gain };
}

/**
 * The final stage of a retrieval: each candidate's score becomes
 * `factor · (score + gain · (1 − score))`, the list is re-sorted (ties keep the ranking's order)
 * and cut to `topK`. Nothing is removed: a demoted tool only moves down.
 */
export function applyAvailability(candidates: Candidate[], facts: AvailabilityFacts, userId: string | null, topK: number): AvailableTool[] {
  const judged = candidates.map((c, i) => {
    const { availability, factor, gain } = judge(c, facts, userId);
    const score = Math.min(1, Math.max(0, factor * (c.tool.score + gain * (1 - c.tool.score))));
    return { tool: { ...c.tool, score: round(score), availability }, exact: score, i };
  });
  judged.sort((a, b) => b.exact - a.exact || a.i - b.i);
  return judged.slice(0, topK).map((j) => j.tool);
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
