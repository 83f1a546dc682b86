import { randomUUID } from 'node:crypto';
import { channel } from 'node:diagnostics_channel';
import type { Database } from '../../../db/client.ts';
import { insertQueryEvent } from '../../../db/retrieval/query-events.ts';
import type { Logger } from '../../../platform/logger.ts';
import type { DiscoverResult, ScoreWeights } from '../../../search/discover.ts';
import { DEFAULT_WEIGHTS, discoverCandidates } from '../../../search/discover.ts';
import type { SearchIndex } from '../../../search/service/search-index.ts';
import type { StageOutcome } from '../../../search/user-spaces/stage.ts';
import type { ActiveSpace } from '../../../db/retrieval/user-spaces.ts';
import type { Caller } from './caller.ts';
import { scopeUser } from './caller.ts';
import type { History } from './history.ts';
import type { AvailabilityFacts } from '../../../db/retrieval/availability-facts.ts';
import type { AvailableTool, Candidate } from './availability.ts';
import { applyAvailability, NO_FACTS, serverSetupUrl } from './availability.ts';
import type { FactsCache } from './facts-cache.ts';
import { probeSandbox } from '../../../sandbox/index.ts';
import { retrievedTool, round, scoresByName, withSnakeSchema } from './present.ts';
import { ResponseCache } from './response-cache.ts';
import type { Scope } from './scope.ts';
import type { ScopeCache, UserScope } from './scope-cache.ts';
import { sameUserScope, userScopeOf } from './scope-cache.ts';
import { resolveScope, scopeQuery } from './scope.ts';
import type { UserSpaces } from './user-spaces.ts';

/** Where a recorded query came from (`X-Agent-Source`; the MCP face records `mcp`). */
export type AgentSource = 'api' | 'mcp' | 'dashboard';

/** One retrieval, in the same terms for every face. */
export interface RetrievalRequest {
  query: string;
  topK: number;
  server?: string;
  category?: string;
  minScore?: number;
  /** v2 `use_hybrid_v3`: false ranks by fused relevance alone (no capability or history terms). */
  hybridV3?: boolean;
  /** Search as this user instead of the caller (admins only: v1 `user_id`). */
  asUser?: string;
  /** Store a query event with this source when the caller is a user (v2 and the MCP face do). */
  record?: AgentSource;
  /** Only tools the caller can run without setup (availability state ready or installable). */
  runnableOnly?: boolean;
}

/** What a retrieval answers; faces render it (v2 renames `inputSchema`, adds recommended_mcps). */
export interface Retrieval {
  /** Ranked, each with its availability (docs/retrieval.md "Availability"). */
  tools: AvailableTool[];
  /** null when no capability verb was recognised (confidence 0). */
  selected_capability: string | null;
  capability_confidence: number;
  query_rewritten: string;
  total_tools_searched: number;
  query_time_ms: number;
  /** This retrieval's id: the id of its query event when one is recorded. */
  query_id: string;
  /** Answered from the one-hour response cache. */
  cached: boolean;
  /**
   * Present when the user searches in a vector space of their own (GET /settings/embedding): the
   * space that scored their tools, and whether it fell back to the default one (provider down).
   */
  embedding?: StageOutcome;
  /** Where `query_time_ms` went (benchmarks; the routes send it as Server-Timing). */
  timings: RetrievalTimings;
}

/**
 * A retrieval's stages in ms: the caller's scope, the ranking (null when the response cache
 * answered), the availability facts query and its re-ranking, and the whole. The query event is
 * written after the answer; its time goes to the `EVENT_WRITE_CHANNEL` diagnostics channel.
 */
export interface RetrievalTimings {
  scopeMs: number;
  rank: DiscoverResult['timings'] | null;
  factsMs: number;
  availabilityMs: number;
  totalMs: number;
}

/**
 * node:diagnostics_channel name on which each query event's insert publishes `{ms, ok}` once
 * done (bench/retrieve.ts subscribes); publishing costs nothing while nobody listens.
 */
export const EVENT_WRITE_CHANNEL = 'switchboard:retrieval:event-write';
const eventWrites = channel(EVENT_WRITE_CHANNEL);

/**
 * What the cache keeps: the ranking's candidates before the availability stage (overFetch(top_k)
 * of them, `min_score` applied, discoverCandidates), since the facts that stage reads change within the hour.
 */
type Ranked = Omit<Retrieval, 'tools' | 'query_time_ms' | 'query_id' | 'cached' | 'timings'> & { candidates: Candidate[]; timings: DiscoverResult['timings'] };

const RELEVANCE_ONLY: ScoreWeights = { semantic: 1, capability: 0, success: 0 };

/** The internal key of a candidate's server: custom servers' registry tools carry it; an indexed tool names its server as its owner does. */
function serverKey(doc: { id: string; server: string; ownerUserId?: string | null }, scope: Scope): string {
  if (doc.id.startsWith('reg:') || !doc.ownerUserId || doc.ownerUserId !== scope.userId) return doc.server;
  return scope.ownServers[doc.server] ?? doc.server;
}

/**
 * The one retrieval path: the caller's scope, the one-hour response cache, the ranking history,
 * then `discover` (search/discover.ts), which over-fetches and scores once, preference included,
 * then the availability stage over the candidates (one query for their facts, every request).
 * The cache is cleared whenever the index changes (SearchIndex.onChange), including changes
 * made by a worker in another process (the ledger watch of search/service/open-search-index.ts).
 */
export function createRetrieve(deps: { db: Database; search: SearchIndex; history: History; logger: Logger; spaces: UserSpaces; scopes: ScopeCache; facts: FactsCache }) {
  const { db, search, history, logger, spaces, scopes } = deps;
  const cache = new ResponseCache<Ranked>();
  search.onChange(() => cache.clear());

  /** Stores the event without holding up the answer; a failure is a warning, never an error. */
  function recordEvent(event: Parameters<typeof insertQueryEvent>[1]): void {
    // Stamped now, not by the insert: fire-and-forget inserts may land out of order, and the
    // history is ordered by when the queries were asked.
    const t0 = performance.now();
    insertQueryEvent(db, { createdAt: new Date(), ...event }).then(
      () => eventWrites.hasSubscribers && eventWrites.publish({ ms: performance.now() - t0, ok: true }),
      (err: unknown) => {
        logger.warn({ err, query_id: event.id }, 'query event not stored; retrieval answered anyway');
        if (eventWrites.hasSubscribers) eventWrites.publish({ ms: performance.now() - t0, ok: false });
      },
    );
  }

  /**
   * The availability facts of a retrieval's candidates (kept in process in the embedded mode,
   * facts-cache.ts); a failure reads as no facts (every tool ok).
   */
  const factsOf = (candidates: Parameters<FactsCache['load']>[0], userId: string | null) =>
    deps.facts.load(candidates, userId).catch((err: unknown) => {
      logger.warn({ err }, 'availability facts unavailable; tools answered as ok');
      return NO_FACTS;
    });

  /**
   * Ranks, and starts the availability facts query as soon as the fused candidates are known
   * (`onCandidates`), so that its round trip runs while the second stage scores them instead of
   * after it (docs/decisions.md, "Retrieval latency").
   */
  async function rank(
    request: RetrievalRequest,
    scope: Awaited<ReturnType<typeof resolveScope>>,
    space: ActiveSpace | null,
  ): Promise<{ ranked: Ranked; facts: Promise<AvailabilityFacts> | null }> {
    const hybrid = request.hybridV3 !== false;
    const scoped = scopeQuery(scope, request);
    // The user's own vector space, a stage of this same ranking (user-spaces.ts).
    const own = space && scope.userId ? spaces.stage(scope.userId, space, request.query, scoped.filter) : null;
    let facts: Promise<AvailabilityFacts> | null = null;
    // All the scored candidates (overFetch(top_k)), not just top_k: a tool the availability
    // stage demotes needs replacements, from the same pool discover would cut top_k from.
    const result = await discoverCandidates(search.engine, {
      query: request.query,
      topK: request.topK,
      minScore: request.minScore,
      ...scoped,
      vectorStage: own?.stage,
      history: hybrid ? await history.get() : undefined,
      weights: hybrid ? DEFAULT_WEIGHTS : RELEVANCE_ONLY,
      onCandidates: (docs) => {
        facts = factsOf(docs.map((doc) => ({ serverKey: serverKey(doc, scope), tool: { name: doc.name } })), scope.userId);
      },
    });
    const ranked: Ranked = {
      candidates: result.tools.map((t) => ({ tool: retrievedTool(t), serverKey: serverKey(t.doc, scope) })),
      selected_capability: result.selected_capability,
      capability_confidence: round(result.capability_confidence),
      query_rewritten: result.query_rewritten,
      total_tools_searched: result.total_tools_searched,
      ...(own ? { embedding: own.outcome() } : {}),
      timings: result.timings,
    };
    return { ranked, facts };
  }

  return async function retrieve(caller: Caller, request: RetrievalRequest): Promise<Retrieval> {
    const t0 = performance.now();
    // The query embedding starts now, on its worker thread, while the scope is read from the
    // database: the ranking below finds it under way (search/embedding/query-cache.ts) or done.
    // A response-cache hit leaves it unused, and costs nothing when the vector is still cached.
    // A failure is reported by the ranking, which asks for the same vector and gets the same rejection.
    search.engine.queryCache.embed(request.query).catch(() => {});
    const user = scopeUser(caller, request.asUser);
    // The user's scope as the last retrieval saw it (scope-cache.ts), checked against the facts below.
    const kept = user ? scopes.get(user) : undefined;
    const [scope, space] = kept ? [kept.scope, kept.space] : await Promise.all([resolveScope(db, user), spaces.activeSpace(user)]);
    const t1 = performance.now();
    // The ranking, with the facts query it started (read after a response-cache hit: the facts
    // change within the hour, the cached candidates do not).
    const ranking = async ({ scope, space }: UserScope) => {
      const key = JSON.stringify([
        request.query,
        request.topK,
        request.server,
        request.category,
        request.minScore ?? 0,
        request.hybridV3 !== false,
        scope.userId,
        scope.enabledServers,
        scope.ownServers,
        spaces.cacheKey(space),
      ]);
      const hit = cache.get(key);
      if (hit) return { ranked: hit, cached: true, facts: factsOf(hit.candidates, scope.userId) };
      const generation = search.generation;
      const { ranked, facts } = await rank(request, scope, space);
      // An index change during the search makes this answer stale already: do not keep it. Nor
      // one that fell back from the user's space: their provider may answer the next request.
      if (search.generation === generation && !ranked.embedding?.fallback) cache.set(key, ranked);
      return { ranked, cached: false, facts: facts ?? factsOf(ranked.candidates, scope.userId) };
    };
    let { ranked, cached, facts: pending } = await ranking({ scope, space });
    const t2 = performance.now();
    let facts = await pending;
    if (user) {
      // The facts read the user's scope rows too: a kept scope that differs from them (a change
      // since, by any process) is replaced and the request ranked again with the current one.
      if (!facts.scope) scopes.delete(user);
      else {
        const current = userScopeOf(user, facts.scope);
        scopes.set(user, current);
        if (kept && !sameUserScope(kept, current)) {
          ({ ranked, cached, facts: pending } = await ranking(current));
          facts = await pending;
        }
      }
    }
    const t3 = performance.now();
    const { candidates, timings: rankTimings, ...rest } = ranked;
    const judged = { userId: scope.userId, sandbox: await probeSandbox(), setupUrl: (server: string) => serverSetupUrl(caller.origin, server) };
    const tools = applyAvailability(candidates, facts, judged, request.topK, request.runnableOnly);
    const queryId = randomUUID();
    if (request.record && caller.userId) {
      recordEvent({
        id: queryId,
        userId: caller.userId,
        query: request.query,
        source: request.record,
        selectedTools: [],
        scores: scoresByName(tools),
        retrievedTools: tools.map(withSnakeSchema),
      });
    }
    const t4 = performance.now();
    const timings = { scopeMs: t1 - t0, rank: cached ? null : rankTimings, factsMs: t3 - t2, availabilityMs: t4 - t3, totalMs: t4 - t0 };
    return { ...rest, tools, query_time_ms: Math.max(0, Math.round(t4 - t0)), query_id: queryId, cached, timings };
  };
}
