import type { RateScope } from '../../route-config.ts';
import type { ToolName } from './schemas.ts';

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
 * The REST scope each tool's call counts against, so one user's limits are the same through
 * either face: running a tool (either way) is execution, searching is retrieval; null is not
 * limited, as on REST (GET /jobs/{id}, /v1/tools/{name}, /v1/servers). Typed by ToolName: a
 * new tool does not compile until it is given its scope here (issue 33, item 3).
 */
export const TOOL_SCOPES: Record<ToolName, RateScope | null> = {
  retrieve_tools: 'retrieval',
  get_tool: null,
  execute_tool: 'execution',
  submit_job: 'execution',
  get_job: null,
  cancel_job: null,
  list_servers: null,
  run_agent: 'execution',
};

/**
 * The scope a message counts against. Fails closed: a tools/call of a tool not in TOOL_SCOPES
 * (or with no readable name) counts as an execution; it is refused later as unknown anyway.
 */
export function rateScopeOf(summary: RpcSummary): RateScope | undefined {
  if (summary.method !== 'tools/call') return undefined;
  if (summary.tool !== undefined && Object.hasOwn(TOOL_SCOPES, summary.tool)) return TOOL_SCOPES[summary.tool as ToolName] ?? undefined;
  return 'execution';
}
