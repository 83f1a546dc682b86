import { z } from 'zod';
import { AGENT_LIMITS, DIRECT_TIME_LIMIT, JOB_TIME_LIMIT } from '../../../contracts/index.ts';
import { queryText, v1Filter } from '../../routes/discovery/schemas.ts';
import { toolDetail } from '../../routes/registry/responses.ts';

/*
 * The MCP tools' arguments and structured results, in the REST API's vocabulary (tool_name,
 * params, job_id) and limits: query and filter are the discovery routes' own schemas, the
 * time limits the contracts'. Results are loose objects where REST adds fields by status.
 */

const toolRef = z.string().min(1).max(300);
const jobId = z.string().min(1).max(100);
const int = z.number().int();

export const inputs = {
  retrieve_tools: z.object({
    query: queryText,
    top_k: z.number().int().min(1, 'top_k must be at least 1').max(50, 'top_k must be at most 50').default(5),
    filter: v1Filter.optional(),
  }),
  get_tool: z.object({ tool_name: toolRef.describe('A tool name, or server/name') }),
  execute_tool: z.object({
    tool_name: toolRef.describe('A tool name, or server/name (as retrieve_tools lists it)'),
    params: z.record(z.string(), z.unknown()).describe("The tool's arguments, per its inputSchema"),
    timeout: int.min(1).max(DIRECT_TIME_LIMIT.maxMs).optional().describe(`Milliseconds; default ${DIRECT_TIME_LIMIT.defaultMs}`),
  }),
  submit_job: z.object({
    tool: toolRef,
    arguments: z.record(z.string(), z.unknown()),
    timeout_ms: int.min(1).max(JOB_TIME_LIMIT.maxMs).optional(),
  }),
  get_job: z.object({ job_id: jobId }),
  cancel_job: z.object({ job_id: jobId }),
  list_servers: z.object({}),
  // POST /agent/execute with mode "execute", in its limits (api/routes/agent).
  run_agent: z.object({
    query: queryText.describe('The task, in plain words'),
    max_steps: int.min(1).max(AGENT_LIMITS.steps.max).default(AGENT_LIMITS.steps.default),
    max_tokens: int.min(1).max(AGENT_LIMITS.tokens.max).default(AGENT_LIMITS.tokens.default),
    wait_ms: int.min(0).max(60_000).default(10_000).describe('How long to wait for the run to end before answering it as running'),
  }),
} as const;

export type ToolName = keyof typeof inputs;

/** A job as GET /jobs/{id} shows it; the fields beyond these depend on its status. */
const jobView = z.looseObject({ job_id: z.string(), status: z.string(), tool: z.string() });

export const outputs: Record<ToolName, z.ZodType> = {
  retrieve_tools: z.looseObject({
    tools: z.array(
      z.looseObject({ name: z.string(), server: z.string(), score: z.number(), description: z.string(), inputSchema: z.record(z.string(), z.unknown()) }),
    ),
    selected_capability: z.string().nullable(),
    capability_confidence: z.number(),
    query_rewritten: z.string(),
    query_id: z.string(),
    query_time_ms: int,
    total_tools_searched: int,
  }),
  get_tool: toolDetail,
  // Direct: status "success" as POST /v1/execute_tool; as a task: the finished job's view too.
  execute_tool: z.looseObject({
    tool_name: z.string(),
    execution_id: z.string(),
    status: z.string(),
    result: z.record(z.string(), z.unknown()),
    execution_time_ms: int.nullable(),
    tokens_used: z.object({ input: int, output: int }).optional(),
  }),
  submit_job: jobView,
  get_job: jobView,
  cancel_job: z.object({ job_id: z.string(), status: z.string(), message: z.string() }),
  run_agent: z.looseObject({ run_id: z.string(), status: z.string(), stop_reason: z.string().nullable(), answer: z.string().nullable(), transcript: z.array(z.unknown()) }),
  list_servers: z.object({
    servers: z.array(z.looseObject({ name: z.string(), status: z.string(), tool_count: int, last_checked: z.string().nullable() })),
  }),
};
