import { z } from 'zod';
import type { Retrieval } from '../services/retrieval/index.ts';
import { AppError } from '../errors.ts';
import { defineOperation } from './operation.ts';
import { embeddingOutcome, queryText, rootToolItem, runnableOnly, topK, v1Filter } from './retrieval-schemas.ts';

const int = z.number().int();

/**
 * The answer of retrieve_tools where no REST address form dictates one (MCP): the root form's
 * tools (with `inputSchema`) and v2's capability, rewrite and query id. The service's
 * `timings` and `cached` are internal (REST sends timings as a header, never in a body).
 */
export const retrievalAnswer = z.object({
  tools: z.array(rootToolItem),
  selected_capability: z.string().nullable(),
  capability_confidence: z.number(),
  query_rewritten: z.string(),
  query_id: z.string(),
  query_time_ms: int,
  total_tools_searched: int,
  embedding: embeddingOutcome.optional(),
});

function answerOf(r: Retrieval): z.input<typeof retrievalAnswer> {
  const { timings: _timings, cached: _cached, ...shown } = r;
  return shown;
}

/**
 * Finding tools by plain words (spec "Tool discovery"): POST /v1/retrieve_tools' body fields
 * (the GET forms take the same in their query) and MCP's retrieve_tools.
 */
export const retrieveTools = defineOperation({
  name: 'retrieve_tools',
  description: 'Find tools by describing the task in plain words. Returns ranked tools with their input schemas.',
  input: z.object({ query: queryText, top_k: topK, filter: v1Filter.optional(), runnable_only: runnableOnly }),
  output: retrievalAnswer,
  auth: 'required',
  rateScope: 'retrieval',
  errorStatuses: [],
  annotations: { readOnlyHint: true, openWorldHint: false },
  taskSupport: 'forbidden',
  async call(caller, args) {
    // The same retrieval as /v1 and /v2 (one engine, one ranking); the query event says "mcp".
    const { filter } = args;
    const retrieval = caller.deps.retrieval;
    if (!retrieval) throw new AppError('SERVICE_UNAVAILABLE', 'This API process has no retrieval service');
    const out = await retrieval.retrieve(
      { userId: caller.userId },
      { query: args.query, topK: args.top_k, server: filter?.server, category: filter?.category, minScore: filter?.min_score, record: 'mcp', runnableOnly: args.runnable_only },
    );
    return answerOf(out);
  },
  text(data, args) {
    const lines = data.tools.map((t, i) => `${i + 1}. ${t.server}/${t.name} (${t.score.toFixed(2)}${t.availability ? `, ${t.availability.state}` : ''}): ${t.description.slice(0, 160)}`);
    return lines.length ? lines.join('\n') : `No tools match "${args.query}"`;
  },
});
