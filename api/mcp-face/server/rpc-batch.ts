import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppError } from '../../errors.ts';
import { countRequests, enforceRateLimit } from '../../plugins/rate-limit.ts';
import type { RateLimitOptions } from '../../plugins/rate-limit.ts';
import type { RateScope } from '../../route-config.ts';
import { summarize } from './rpc-message.ts';
import type { RpcSummary } from './rpc-message.ts';

/**
 * JSON-RPC batches on the MCP faces (issue 33, item 3). A batch used to come out of
 * `summarize` with no method, so no message of it was counted: 100 tool runs per POST, free.
 *
 * - MCP added batches in 2025-03-26 and removed them in 2025-06-18; a POST that says it speaks
 *   2025-06-18 or later (`MCP-Protocol-Version`) and sends an array is refused outright.
 * - Where batches exist (the header says 2025-03-26 or older, or is absent, which the
 *   transport spec reads as 2025-03-26), every message is counted against its own scope, in
 *   one step per scope; the messages past the limit are refused one by one (`refusals`), the
 *   others run. A batch whose every request is refused gets the single request's 429.
 */

/** The SDK transport's own cap (MAX_BATCH_SIZE): refused before counting, so a huge array costs nothing. */
const MAX_BATCH = 100;
/** The first protocol version without batches (its changelog: "Remove support for JSON-RPC batching"). */
const FIRST_WITHOUT_BATCHES = '2025-06-18';

/** Request ids of a batch refused by a rate limit, with the refusal: read by the tools/call handlers. */
export type Refusals = ReadonlyMap<string, AppError>;

const refusalsByRequest = new WeakMap<FastifyRequest, Refusals>();

/** The refusals the route decided for this HTTP request's messages (none for a single message). */
export function refusalsOf(request: FastifyRequest): Refusals | undefined {
  return refusalsByRequest.get(request);
}

/** The refusal of one message, by its JSON-RPC id (ids are compared as text, as `admitBatch` keys them). */
export function refusalOf(refusals: Refusals | undefined, requestId: string | number): AppError | undefined {
  return refusals?.get(String(requestId));
}

function invalidBatch(reply: FastifyReply, message: string): FastifyReply {
  return reply.status(400).send({ jsonrpc: '2.0', error: { code: -32600, message: `Invalid Request: ${message}` }, id: null });
}

export interface BatchOptions {
  limits: RateLimitOptions;
  /** The scope a message counts against (each face has its own rule). */
  scopeOf: (summary: RpcSummary) => RateScope | undefined;
}

/**
 * For an array body: refuses it (400, JSON-RPC -32600) where the protocol has no batches, or
 * counts every message and records which are refused. Returns the reply when it answered.
 * Throws the 429 when nothing of the batch may run. A single message is left to the caller.
 */
export async function admitBatch(request: FastifyRequest, reply: FastifyReply, options: BatchOptions): Promise<FastifyReply | undefined> {
  const body = request.body;
  if (!Array.isArray(body)) return undefined;
  const version = request.headers['mcp-protocol-version'];
  if (typeof version === 'string' && version >= FIRST_WITHOUT_BATCHES) {
    return invalidBatch(reply, `MCP ${version} has no JSON-RPC batches; send one message per POST`);
  }
  if (body.length > MAX_BATCH) return invalidBatch(reply, `Batch must not exceed ${MAX_BATCH} messages`);
  const byScope = new Map<RateScope, string[]>();
  const ids = new Set<string>();
  let requests = 0;
  for (const message of body as unknown[]) {
    const id = (message as { id?: unknown } | null)?.id;
    const key = typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
    if (key !== undefined) {
      // Refusals are keyed by id: two messages with one id could swap their verdicts.
      if (ids.has(key)) return invalidBatch(reply, `Duplicate request id ${key.slice(0, 40)} in batch`);
      ids.add(key);
      requests++;
    }
    const scope = options.scopeOf(summarize(message));
    if (!scope) continue;
    // A message without an id is a notification: counted (fail closed), never answered or run.
    const list = byScope.get(scope) ?? [];
    list.push(key ?? '');
    byScope.set(scope, list);
  }
  const refusals = new Map<string, AppError>();
  let lastRefusal: AppError | undefined;
  for (const [scope, keys] of byScope) {
    const { admitted, refusal } = await countRequests(options.limits, request, reply, scope, keys.length);
    if (!refusal) continue;
    lastRefusal = refusal;
    for (const key of keys.slice(admitted)) if (key) refusals.set(key, refusal);
  }
  if (lastRefusal && refusals.size >= requests) throw lastRefusal;
  if (refusals.size) refusalsByRequest.set(request, refusals);
  return undefined;
}

/**
 * The preHandler of an MCP POST on every MCP face: every log line of the request names its MCP
 * method (and tool) beside the request id, and its messages count against their rate scopes
 * (a batch by `admitBatch`, whose refused messages the tools/call handler answers). Returns the
 * reply when it answered.
 */
export async function admitMcpPost(request: FastifyRequest, reply: FastifyReply, options: BatchOptions): Promise<FastifyReply | undefined> {
  if (Array.isArray(request.body)) {
    request.log = request.log.child({ mcp_method: 'batch', mcp_batch: request.body.length });
    request.log.info('mcp request');
    return admitBatch(request, reply, options);
  }
  const summary = summarize(request.body);
  request.log = request.log.child({ mcp_method: summary.method, ...(summary.tool ? { mcp_tool: summary.tool } : {}) });
  request.log.info('mcp request');
  await enforceRateLimit(options.limits, request, reply, options.scopeOf(summary));
  return undefined;
}
