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

type Found = z.output<typeof retrievalAnswer>['tools'][number];

/** A tool's first sentence: the one line on when to use it (descriptions run on into details). */
export function whenToUse(description: string): string {
  const text = description.replace(/\s+/g, ' ').trim();
  const end = text.search(/[.!?](\s|$)/);
  const first = end >= 0 ? text.slice(0, end + 1) : text;
  return first.length > 160 ? `${first.slice(0, 159)}…` : first || '(no description)';
}

/**
 * One result as a line an agent can act on (issue 39 item 3): the name to call, whether it can
 * run now (and what to do when not), when to use it, and its arguments (required ones marked *).
 */
export function actionLine(t: Found): string {
  const a = t.availability;
  const state = !a ? '' : a.state === 'needs_credentials' ? ` [needs ${(a.missing_credentials ?? []).join(', ') || 'credentials'}${a.setup_url ? `: ${a.setup_url}` : ''}]` : ` [${a.state}]`;
  const props = (t.inputSchema.properties ?? {}) as Record<string, unknown>;
  const required = new Set(Array.isArray(t.inputSchema.required) ? (t.inputSchema.required as string[]) : []);
  const params = Object.keys(props).map((p) => (required.has(p) ? `${p}*` : p));
  return `${t.server}/${t.name}${state}: ${whenToUse(t.description)}${params.length ? ` Args: ${params.join(', ')}.` : ' No arguments.'}`;
}

/**
 * Finding tools by plain words (spec "Tool discovery"): POST /v1/retrieve_tools' body fields
 * (the GET forms take the same in their query) and MCP's retrieve_tools.
 */
export const retrieveTools = defineOperation({
  name: 'retrieve_tools',
  description:
    'Find the tools for a task before doing it by hand or saying it cannot be done: describe the task in plain words, one step or a whole ' +
    'multi-step task (tools of several servers come back together). Each result can be called at once with execute_tool: its ' +
    'server/name, inputSchema, description and availability (ready, installable, needs_credentials with setup_url, unsupported, ' +
    'disabled); runnable_only: true keeps those you can run now.',
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
    const lines = data.tools.map((t, i) => `${i + 1}. ${actionLine(t)}`);
    return lines.length ? `${lines.join('\n')}\nCall one with execute_tool {tool_name: "server/name", params}.` : `No tools match "${args.query}"`;
  },
});
