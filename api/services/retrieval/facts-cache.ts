import { LRUCache } from 'lru-cache';
import type { Database } from '../../../db/client.ts';
import type { AvailabilityFacts, RunFacts, ScopeRows, ServerFacts } from '../../../db/retrieval/availability-facts.ts';
import { watchFactsChanges } from '../../../db/retrieval/facts-changes.ts';
import type { Plan } from '../../../db/schema/index.ts';
import type { Logger } from '../../../platform/logger.ts';
import { loadAvailabilityFacts } from './availability.ts';

type Candidates = Parameters<typeof loadAvailabilityFacts>[1];

/** What one user's retrievals have read so far, as of `generation`. */
interface Kept {
  generation: number;
  bornAt: number;
  plan: Plan | null;
  scope?: ScopeRows;
  /** Servers and `server/tool` keys asked for, found or not (a tool without runs has no row). */
  askedServers: Set<string>;
  askedTools: Set<string>;
  servers: Map<string, ServerFacts>;
  runs: Map<string, RunFacts>;
}

/** Users kept; the least recently asked go first. */
const MAX_USERS = 1_000;
/**
 * The oldest a kept entry is used. Writes drop it at once; this bounds only what no write
 * announces: runs leaving the 7- and 30-day windows of the facts function as time passes.
 */
const MAX_AGE_MS = 60_000;

/**
 * The availability facts kept in process, in the embedded mode only (docs/decisions.md, "Facts
 * kept in process in the embedded mode"). There one process owns the database and PGlite runs
 * every query on the API's own thread, where the facts query cost several ms of each retrieval
 * (bench/results/2026-11-28-retrieval-latency-embedded-db.md). Per user, the facts of every
 * server and tool asked so far; a retrieval reads only the candidates not yet asked. Any write to
 * a table the facts read, by any code of this process (credentials, health, installs, runs,
 * plans, scope rows, registry syncs), announces itself (migration 0025) and drops everything
 * kept, before the writer's statement returns. On Postgres (`start` finds no PGlite) every call
 * reads the database, as before: other processes write there.
 */
export class FactsCache {
  private readonly kept = new LRUCache<string, Kept>({ max: MAX_USERS });
  private generation = 0;
  private watching = false;
  private unlisten: (() => Promise<void>) | null = null;

  constructor(
    private readonly db: Database,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  /** Starts following the writes (embedded mode); until it has, every call reads the database. */
  async start(): Promise<void> {
    try {
      this.unlisten = await watchFactsChanges(this.db, () => this.dropAll());
      this.watching = this.unlisten !== null;
    } catch (err) {
      this.logger.warn({ err }, 'availability facts change watch failed; facts read per retrieval');
    }
  }

  async close(): Promise<void> {
    this.watching = false;
    this.dropAll();
    await this.unlisten?.().catch(() => {});
    this.unlisten = null;
  }

  /** Whether calls are answered from memory (tests, benches). */
  get active(): boolean {
    return this.watching;
  }

  private dropAll(): void {
    this.generation++;
    this.kept.clear();
  }

  /** The facts of `candidates` for `userId`: what is kept, plus one query for the rest when anything is missing. */
  async load(candidates: Candidates, userId: string | null): Promise<AvailabilityFacts> {
    if (!this.watching) return loadAvailabilityFacts(this.db, candidates, userId);
    const key = userId ?? '';
    let kept = this.kept.get(key);
    if (kept && (kept.generation !== this.generation || this.now() - kept.bornAt > MAX_AGE_MS)) {
      this.kept.delete(key);
      kept = undefined;
    }
    const missing = kept ? candidates.filter((c) => !kept!.askedServers.has(c.serverKey) || !kept!.askedTools.has(`${c.serverKey}/${c.tool.name}`)) : candidates;
    if (kept && !missing.length) return factsOf(kept);
    const generation = this.generation;
    const read = await loadAvailabilityFacts(this.db, missing, userId);
    // A write while the query ran: what is kept may predate it; the read itself is as fresh as an uncached one.
    if (generation !== this.generation) return kept ? loadAvailabilityFacts(this.db, candidates, userId) : read;
    kept ??= { generation, bornAt: this.now(), plan: read.plan, askedServers: new Set(), askedTools: new Set(), servers: new Map(), runs: new Map() };
    kept.plan = read.plan;
    kept.scope = read.scope;
    for (const c of missing) {
      kept.askedServers.add(c.serverKey);
      kept.askedTools.add(`${c.serverKey}/${c.tool.name}`);
    }
    for (const [name, server] of read.servers) kept.servers.set(name, server);
    for (const [name, runs] of read.runs) kept.runs.set(name, runs);
    this.kept.set(key, kept);
    return factsOf(kept);
  }
}

/** The kept facts as a retrieval takes them (facts of other tools than its candidates do no harm). */
function factsOf(kept: Kept): AvailabilityFacts {
  return { plan: kept.plan, ...(kept.scope ? { scope: kept.scope } : {}), servers: kept.servers, runs: kept.runs };
}
