import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResult, CreateTaskResult } from '@modelcontextprotocol/sdk/types.js';
import { AppError } from '../../errors.ts';
import { submitJob } from '../../services/jobs/jobs.ts';
import type { McpCaller } from './caller.ts';
import { jobTask, POLL_INTERVAL_MS } from './job-results.ts';
import { jobTaskStore } from './job-tasks.ts';
import type { ProgressSink } from './progress-relay.ts';
import { failure, invalidArguments } from './results.ts';
import { refusalOf } from './rpc-batch.ts';
import { inputs } from './schemas.ts';
import type { ToolName } from './schemas.ts';
import { HANDLERS } from './tool-calls.ts';
import { TASK_TOOLS, TOOLS } from './tool-list.ts';

const SERVER_INFO = { name: 'switchboard', title: 'Switchboard', version: '1.0.0' };
const INSTRUCTIONS =
  'Find a tool with retrieve_tools (plain words), read it with get_tool, run it with execute_tool. ' +
  'Long runs: call execute_tool as a task, or submit_job and get_job.';

const isToolName = (name: string): name is ToolName => Object.hasOwn(inputs, name);

/**
 * One MCP server for one HTTP request of one caller (the face is stateless, README.md): the
 * tools, and the tasks utility over the caller's jobs. Cheap to build: the tool list is static.
 */
export function createMcpServer(caller: McpCaller): Server {
  const server = new Server(SERVER_INFO, {
    capabilities: {
      tools: { listChanged: false },
      tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } },
      logging: {},
    },
    instructions: INSTRUCTIONS,
    taskStore: jobTaskStore(caller),
    defaultTaskPollInterval: POLL_INTERVAL_MS,
  });

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: TOOLS }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult | CreateTaskResult> => {
    const { name, arguments: raw, task, _meta } = request.params;
    // Past the rate limit within a batch (rpc-batch.ts): refused before anything else, unknown names included.
    const refusal = refusalOf(caller.refused, extra.requestId);
    if (refusal) {
      if (task) throw protocolError(refusal);
      return failure(refusal, caller.log);
    }
    if (!isToolName(name)) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
    // 2025-11-25 tasks: a tool whose taskSupport is forbidden is not found as a task.
    if (task && !TASK_TOOLS.has(name)) throw new McpError(ErrorCode.MethodNotFound, `Tool ${name} cannot run as a task`);
    const parsed = inputs[name].safeParse(raw ?? {});
    if (task) {
      // The answer must be a CreateTaskResult, so a refusal here is a protocol error.
      if (!parsed.success) throw protocolError(invalidArguments(name, parsed.error));
      return { task: await createJobTask(caller, name, parsed.data as Record<string, unknown>) };
    }
    if (!parsed.success) return failure(invalidArguments(name, parsed.error), caller.log);
    const token = _meta?.progressToken;
    const progress: ProgressSink | undefined =
      token === undefined
        ? undefined
        : {
            signal: extra.signal,
            send: (p) => extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, ...p } }),
          };
    try {
      const handler = HANDLERS[name] as (c: McpCaller, a: unknown, p?: ProgressSink) => Promise<CallToolResult>;
      return await handler(caller, parsed.data, progress);
    } catch (error) {
      return failure(error, caller.log);
    }
  });
  return server;
}

/** The job behind a task: execute_tool's arguments in submit_job's words; task id = job id. */
async function createJobTask(caller: McpCaller, name: ToolName, args: Record<string, unknown>) {
  const body =
    name === 'execute_tool'
      ? { tool: String(args.tool_name), arguments: args.params as Record<string, unknown>, timeout_ms: args.timeout as number | undefined }
      : (args as { tool: string; arguments: Record<string, unknown>; timeout_ms?: number });
  try {
    const job = await submitJob(caller.deps, caller.userId, body);
    caller.log.info({ job_id: job.job_id, tool: body.tool }, 'mcp task created');
    return jobTask(job);
  } catch (error) {
    throw protocolError(error);
  }
}

/** A refusal as a JSON-RPC error: the caller's fault is invalid params, ours an internal error. */
function protocolError(error: unknown): McpError {
  if (error instanceof AppError && error.status < 500) {
    const argument = error.extra.argument ?? error.details.parameter;
    return new McpError(ErrorCode.InvalidParams, `${error.code}: ${error.message}`, { code: error.code, ...(argument ? { argument } : {}) });
  }
  return new McpError(ErrorCode.InternalError, 'Internal server error');
}
