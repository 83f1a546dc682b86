import { LRUCache } from 'lru-cache';
import type { Database } from '../../../db/client.ts';
import type { AvailabilityFacts } from '../../../db/retrieval/availability-facts.ts';
import { availabilityFacts, everyFactsSubject } from '../../../db/retrieval/availability-facts.ts';
import { watchFactsChanges } from '../../../db/retrieval/facts-changes.ts';
import type { Logger } from '../../../platform/logger.ts';
import { loadAvailabilityFacts } from './availability.ts';

type Candidates = Parameters<typeof loadAvailabilityFacts>[1];

/** One user's facts about every server and every recently run tool, as of `generation`. */
interface Kept {
  generation: number;
  bornAt: number;
  facts: AvailabilityFacts;
}

/**
 * Users kept; the least recently asked go first. An entry holds every registry server's row
 * (a few thousand with the catalog): the embedded mode serves one person or a few.
 */
const MAX_USERS = 50;
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
 * registry server and every tool run in the last 30 days, read at once (one read per user and
 * change), so any candidate of a later retrieval is known: one absent from them has no facts.
 * Any write to a table the facts read, by any code of this process (credentials, health,
 * installs, runs, plans, scope rows, registry syncs), announces itself (migration 0025) and
 * drops everything kept before the writer's statement returns. On Postgres (`start` finds no
 * PGlite) every call reads the candidates' facts, as before: other processes write there.
 */
export class FactsCache {
  private readonly kept = new LRUCache<string, Kept>({ max: MAX_USERS });
  /** A read under way per user, shared by the retrievals that arrive meanwhile. */
  private readonly reading = new Map<string, { generation: number; read: Promise<AvailabilityFacts> }>();
  private generation = 0;
  private watching = false;
  private closed = false;
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
      this.watching = this.unlisten !== null && !this.closed;
    } catch (err) {
      this.logger.warn({ err }, 'availability facts change watch failed; facts read per retrieval');
    }
  }

  /** Stops keeping facts: every call reads the database from now on (also the benches' "before"). */
  async close(): Promise<void> {
    this.closed = true;
    this.watching = false;
    this.dropAll();
    await this.unlisten?.().catch(() => {});
    this.unlisten = null;
  }

  /** Whether calls are answered from memory (tests, benches). */
  get active(): boolean {
    return this.watching;
  }

  /** Calls answered, and those that read the database (benches: how often the kept facts sufficed). */
  readonly stats = { calls: 0, reads: 0 };

  private dropAll(): void {
    this.generation++;
    this.kept.clear();
    this.reading.clear();
  }

  /** The facts of `candidates` (and of others: they do no harm) for `userId`. */
  async load(candidates: Candidates, userId: string | null): Promise<AvailabilityFacts> {
    this.stats.calls++;
    if (!this.watching) return this.readCandidates(candidates, userId);
    const key = userId ?? '';
    const kept = this.kept.get(key);
    if (kept && kept.generation === this.generation && this.now() - kept.bornAt <= MAX_AGE_MS) return kept.facts;
    const generation = this.generation;
    let reading = this.reading.get(key);
    if (!reading || reading.generation !== generation) {
      reading = { generation, read: this.readEverything(userId) };
      this.reading.set(key, reading);
    }
    const facts = await reading.read.finally(() => this.reading.get(key) === reading && this.reading.delete(key));
    // A write while it was read: the read may predate it. The candidates' own read is as fresh as ever.
    if (generation !== this.generation) return this.readCandidates(candidates, userId);
    this.kept.set(key, { generation, bornAt: this.now(), facts });
    return facts;
  }

  private readCandidates(candidates: Candidates, userId: string | null): Promise<AvailabilityFacts> {
    this.stats.reads++;
    return loadAvailabilityFacts(this.db, candidates, userId);
  }

  private async readEverything(userId: string | null): Promise<AvailabilityFacts> {
    this.stats.reads++;
    return availabilityFacts(this.db, { userId, ...(await everyFactsSubject(this.db)) });
  }
}
