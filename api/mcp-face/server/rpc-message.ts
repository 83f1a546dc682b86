import type { RateScope } from '../../route-config.ts';

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
 * The REST scope a call counts against, so one user's limits are the same through either
 * face: running a tool (either way) is execution, searching is retrieval; the rest is not
 * limited on REST either (GET /jobs/{id}, /v1/tools/{name}, /v1/servers).
 */
export function rateScopeOf(summary: RpcSummary): RateScope | undefined {
  if (summary.tool === 'execute_tool' || summary.tool === 'submit_job' || summary.tool === 'run_agent') return 'execution';
  if (summary.tool === 'retrieve_tools') return 'retrieval';
  return undefined;
}
