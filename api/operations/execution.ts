import { z } from 'zod';
import { DIRECT_TIME_LIMIT, JOB_TIME_LIMIT } from '../../contracts/index.ts';
import { executeTool as runDirect } from '../services/execution/execute-tool.ts';
import { cancelJob as cancelOwnJob, getJob as readJob, submitJob as startJob } from '../services/jobs/jobs.ts';
import { job, jobCanceled, runSucceeded, runSucceededOf } from './execution-schemas.ts';
import { defineOperation } from './operation.ts';
import type { RunCaller } from './operation.ts';

const toolRef = z.string().min(1).max(300);
const toolArguments = z.record(z.string(), z.unknown());
const jobId = z.string().min(1).max(100);

/**
 * A run in the spec's job words (`tool`, `arguments`, `timeout_ms`), bounded by the limit of
 * the kind of run: POST /jobs/submit and MCP submit_job (job limit), POST /execute_tool (direct).
 */
export const runRequest = (limit: { maxMs: number }) =>
  z.object({ tool: toolRef, arguments: toolArguments, timeout_ms: z.number().int().min(1).max(limit.maxMs).optional() });

/** A job as GET /jobs/{id} shows it, for MCP (its outputSchema must be one object); REST has one variant per status. */
const jobObject = z.looseObject({ job_id: z.string(), status: z.string(), tool: z.string() });

/**
 * Direct execution (spec, Execution and jobs) in the v1 words: POST /v1/execute_tool (which
 * adds the admin's `user_id`) and MCP execute_tool. As an MCP task, or with a progressToken,
 * the same run is a job of the same workflow with the same time limit.
 */
export const executeTool = defineOperation({
  name: 'execute_tool',
  description: 'Run a tool and wait for its result. Ask for a task to get a durable job instead.',
  input: z.object({
    tool_name: toolRef.describe('A tool name, or server/name (as retrieve_tools lists it)'),
    params: toolArguments.describe("The tool's arguments, per its inputSchema"),
    timeout: z.number().int().min(1).max(DIRECT_TIME_LIMIT.maxMs).default(DIRECT_TIME_LIMIT.defaultMs).describe('Milliseconds'),
  }),
  output: runSucceeded,
  // Its task result is the finished job's view with tool_name and execution_id (job-results.ts).
  mcpOutput: z.looseObject({
    tool_name: z.string(),
    execution_id: z.string(),
    status: z.string(),
    result: toolArguments,
    execution_time_ms: z.number().int().nullable(),
    tokens_used: z.object({ input: z.number().int(), output: z.number().int() }).optional(),
  }),
  auth: 'required',
  rateScope: 'execution',
  // 409 CREDENTIALS_REQUIRED: the tool's server needs credentials the caller has not set.
  errorStatuses: [403, 404, 409, 504],
  annotations: { readOnlyHint: false, openWorldHint: true },
  taskSupport: 'optional',
  asJob: (args) => ({ tool: args.tool_name, arguments: args.params, timeout_ms: args.timeout }),
  followsJobForProgress: true,
  async call(caller: RunCaller, args) {
    const out = await runDirect(caller.deps, { userId: caller.userId, tool: args.tool_name, arguments: args.params, timeoutMs: args.timeout });
    return runSucceededOf(out);
  },
  text: (data) => `${data.tool_name}: ${data.status}`,
  toolResult: (data) => data.result,
});

/** A background run (spec, Execution and jobs): POST /jobs/submit and MCP submit_job. */
export const submitJob = defineOperation({
  name: 'submit_job',
  description: 'Start a tool run as a background job; read it with get_job.',
  input: runRequest(JOB_TIME_LIMIT),
  output: job,
  mcpOutput: jobObject,
  auth: 'required',
  rateScope: 'execution',
  errorStatuses: [403, 404, 409],
  annotations: { readOnlyHint: false, openWorldHint: true },
  taskSupport: 'optional',
  asJob: (args) => args,
  call: async (caller, args) => (await startJob(caller.deps, caller.userId, args)) as z.input<typeof job>,
  text: (data, args) => `Job ${data.job_id} ${data.status}: ${args.tool}`,
});

/** GET /jobs/{id} and MCP get_job. */
export const getJob = defineOperation({
  name: 'get_job',
  description: 'The state of one of your jobs: queued, running (with progress), or its result.',
  input: z.object({ job_id: jobId }),
  output: job,
  mcpOutput: jobObject,
  auth: 'required',
  rateScope: null,
  errorStatuses: [404],
  annotations: { readOnlyHint: true, openWorldHint: false },
  taskSupport: 'forbidden',
  // The service builds a job's view field by field per status as a plain record (the stream reads
  // it too); every face checks it against `job` (REST's serializer, MCP's output parse).
  call: async (caller, args) => (await readJob(caller.deps, caller.userId, args.job_id)) as z.input<typeof job>,
  text: (data, args) => `Job ${args.job_id} ${data.status}`,
});

/** DELETE /jobs/{id} and MCP cancel_job: a queued job cancels, a running one is refused. */
export const cancelJob = defineOperation({
  name: 'cancel_job',
  description: 'Cancel one of your jobs while it is still queued.',
  input: z.object({ job_id: jobId, reason: z.string().min(1).max(500).optional().describe('Why, kept with the canceled job') }),
  output: jobCanceled,
  auth: 'required',
  rateScope: null,
  errorStatuses: [404],
  annotations: { readOnlyHint: false, openWorldHint: false, destructiveHint: true },
  taskSupport: 'forbidden',
  call: (caller, args) => cancelOwnJob(caller.deps, caller.userId, args.job_id, args.reason ?? 'canceled by the user'),
  text: (data) => data.message,
});
