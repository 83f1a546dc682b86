import { context, SpanKind, trace } from '@opentelemetry/api';
import type { Span } from '@opentelemetry/api';
import { recordRetrieval } from './metrics.ts';
import { tracer } from './tracing.ts';

/** The stage durations a retrieval reports (api/services/retrieval/retrieve.ts), all in ms; read loosely. */
interface StageTimings {
  scopeMs?: number;
  factsMs?: number;
  availabilityMs?: number;
  rank?: { bm25Ms?: number | null; vectorMs?: number | null; searchMs?: number; fuseMs?: number; embedMs?: number } | null;
}

interface Answer {
  tools: unknown[];
  cached: boolean;
  timings?: StageTimings;
}

/**
 * Wraps a retrieval function: its latency and result count by backend (metrics), and with
 * traces on a `retrieval` span whose children are the stages it measured: scope, ranking (with
 * BM25, vectors and fusion under it) and availability. The ranking's stages run partly in
 * parallel and report durations, not start times: BM25 and vectors are placed at the start of
 * the ranking, fusion after the backend search; their lengths are the measured ones.
 */
export function observeRetrieval<A extends unknown[], R extends Answer>(backend: string, retrieve: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return async (...args: A) => {
    const t = tracer();
    const started = performance.now();
    const startedAt = Date.now();
    const span = t?.startSpan('retrieval', { kind: SpanKind.INTERNAL, attributes: { 'switchboard.search.backend': backend } });
    try {
      const answer = span ? await context.with(trace.setSpan(context.active(), span), () => retrieve(...args)) : await retrieve(...args);
      const seconds = (performance.now() - started) / 1000;
      recordRetrieval(backend, answer.cached, seconds, answer.tools.length);
      if (span) {
        span.setAttributes({ 'switchboard.retrieval.cached': answer.cached, 'switchboard.retrieval.results': answer.tools.length });
        stageSpans(span, startedAt, answer.timings);
      }
      return answer;
    } catch (error) {
      span?.setAttribute('error.type', (error as Error)?.name ?? 'Error');
      throw error;
    } finally {
      span?.end();
    }
  };
}

function stageSpans(parent: Span, startedAt: number, timings: StageTimings | undefined): void {
  const t = tracer();
  if (!t || !timings) return;
  const ctx = trace.setSpan(context.active(), parent);
  const child = (name: string, from: number, ms: number | null | undefined, under = ctx) => {
    if (ms === null || ms === undefined) return undefined;
    const span = t.startSpan(name, { startTime: from }, under);
    span.end(from + ms);
    return span;
  };
  let at = startedAt;
  child('retrieval.scope', at, timings.scopeMs);
  at += timings.scopeMs ?? 0;
  const rank = timings.rank;
  if (rank) {
    const rankMs = (rank.searchMs ?? 0) + (rank.fuseMs ?? 0);
    const rankSpan = t.startSpan('retrieval.rank', { startTime: at }, ctx);
    const under = trace.setSpan(ctx, rankSpan);
    child('retrieval.bm25', at, rank.bm25Ms, under);
    child('retrieval.vectors', at, rank.vectorMs, under);
    child('retrieval.fusion', at + (rank.searchMs ?? 0), rank.fuseMs, under);
    rankSpan.end(at + rankMs);
    at += rankMs;
  }
  child('retrieval.availability', at, (timings.factsMs ?? 0) + (timings.availabilityMs ?? 0));
}
