import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResult, CreateTaskResult } from '@modelcontextprotocol/sdk/types.js';
import type { Operation } from '../../operations/operation.ts';
import { submitJob } from '../../services/jobs/jobs.ts';
import { credentialsElicitation, failure, invalidArguments, protocolError } from '../tool-errors.ts';
import type { McpCaller } from './caller.ts';
import { jobTask, POLL_INTERVAL_MS } from './job-results.ts';
import { jobTaskStore } from './job-tasks.ts';
import { executeAsJob } from './progress-relay.ts';
import type { ProgressSink } from './progress-relay.ts';
import { structured, toolContent } from './results.ts';
import { refusalOf } from './rpc-batch.ts';
import { toolNamed, toolsFor } from './tools.ts';
import { catalogueOutline } from '../../services/retrieval/outline.ts';
import { forbidden } from '../../errors.ts';
import { scopeOfTool } from '../../services/oauth/resources.ts';

const SERVER_INFO = { name: 'switchboard', title: 'Switchboard', version: '1.0.0' };
const INSTRUCTIONS =
  'Find a tool with retrieve_tools (plain words), read it with get_tool, run it with execute_tool. ' +
  'Long runs: call execute_tool as a task, or submit_job and get_job.';

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

  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: await toolsFor(() => catalogueOutline(caller.deps, caller.userId)) }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult | CreateTaskResult> => {
    const { name, arguments: raw, task, _meta } = request.params;
    // Past the rate limit within a batch (rpc-batch.ts): refused before anything else, unknown names included.
    const refusal = refusalOf(caller.refused, extra.requestId);
    if (refusal) {
      if (task) throw protocolError(refusal);
      return failure(refusal, caller.log);
    }
    const tool = toolNamed(name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
    // An OAuth client's token does what its scopes name (api/services/oauth/resources.ts), tool by tool.
    if (caller.scopes && !caller.scopes.includes(scopeOfTool(name))) return failure(forbidden(`This token lacks the scope "${scopeOfTool(name)}" that ${name} needs`), caller.log);
    // 2025-11-25 tasks: a tool whose taskSupport is forbidden is not found as a task.
    if (task && tool.taskSupport !== 'optional') throw new McpError(ErrorCode.MethodNotFound, `Tool ${name} cannot run as a task`);
    const parsed = tool.input.safeParse(raw ?? {});
    if (task && tool.taskSupport === 'optional') {
      // The answer must be a CreateTaskResult, so a refusal here is a protocol error.
      if (!parsed.success) throw protocolError(invalidArguments(name, parsed.error));
      return { task: await createJobTask(caller, tool.asJob(parsed.data)) };
    }
    if (!parsed.success) return failure(invalidArguments(name, parsed.error), caller.log);
    const token = _meta?.progressToken;
    try {
      if (token !== undefined && tool.taskSupport === 'optional' && tool.followsJobForProgress) {
        // Only jobs report progress (progress-relay.ts): the call runs as its job and waits for it.
        const progress: ProgressSink = {
          signal: extra.signal,
          send: (p) => extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, ...p } }),
        };
        return await executeAsJob(caller, tool.asJob(parsed.data), progress);
      }
      return await answer(tool, caller, parsed.data);
    } catch (error) {
      // Stateless: the capabilities are known only when this request carried the initialize too.
      const elicitation = credentialsElicitation(error, { origin: caller.origin ?? '', urlElicitation: Boolean(server.getClientCapabilities()?.elicitation?.url) });
      if (elicitation) throw elicitation;
      return failure(error, caller.log, caller.origin);
    }
  });
  return server;
}

/** A direct call: the declaration's service call, its result as structured content (encoded by its output schema) and text. */
async function answer(tool: Operation, caller: McpCaller, args: unknown): Promise<CallToolResult> {
  const data = tool.output.parse(await tool.call(caller, args)) as Record<string, unknown>;
  const result = tool.toolResult?.(data);
  return structured(data, result ? '' : tool.text(data, args), result ? toolContent(result) : undefined);
}

/** The job behind a task, in submit_job's words; task id = job id. */
async function createJobTask(caller: McpCaller, job: { tool: string; arguments: Record<string, unknown>; timeout_ms?: number }) {
  try {
    const submitted = await submitJob(caller.deps, caller.userId, job);
    caller.log.info({ job_id: submitted.job_id, tool: job.tool }, 'mcp task created');
    return jobTask(submitted);
  } catch (error) {
    throw protocolError(error, caller.origin);
  }
}
