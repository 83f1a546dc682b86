import type { RateScope } from '../../route-config.ts';
import { toolNamed } from './tools.ts';

/** What the route reads of a JSON-RPC message before the SDK does: for logs and rate limits. */
export interface RpcSummary {
  method?: string;
  tool?: string;
  /** The request carries a progressToken: its answer must be a stream that can carry notifications. */
  progress?: boolean;
}

export function summarize(body: unknown): RpcSummary {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  const { method, params } = body as { method?: unknown; params?: { name?: unknown; _meta?: { progressToken?: unknown } } };
  return {
    progress: params?._meta?.progressToken !== undefined,
    method: typeof method === 'string' ? method.slice(0, 100) : undefined,
    tool: method === 'tools/call' && typeof params?.name === 'string' ? params.name.slice(0, 100) : undefined,
  };
}

/**
 * The scope a message counts against: its tool's declared rate scope (api/operations), the
 * same as its REST twin's, so one user's limits are the same through either face; null is
 * not limited. The declaration's type requires a scope, so a new tool cannot go without one.
 * Fails closed: a tools/call of an unknown tool (or with no readable name) counts as an
 * execution; it is refused later as unknown anyway.
 */
export function rateScopeOf(summary: RpcSummary): RateScope | undefined {
  if (summary.method !== 'tools/call') return undefined;
  const tool = summary.tool === undefined ? undefined : toolNamed(summary.tool);
  if (!tool) return 'execution';
  return tool.rateScope ?? undefined;
}
