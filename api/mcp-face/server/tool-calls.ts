import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { DIRECT_TIME_LIMIT } from '../../../contracts/index.ts';
import { requireModel, startAgentRun } from '../../services/agent/runs.ts';
import { executeTool } from '../../services/execution/execute-tool.ts';
import { findUserById } from '../../../db/users.ts';
import { unauthorized } from '../../errors.ts';
import { cancelJob, getJob, submitJob } from '../../services/jobs/jobs.ts';
import { listConnectedServers } from '../../services/registry/connected.ts';
import { findTool } from '../../services/registry/tools-catalog.ts';
import type { McpCaller } from './caller.ts';
import { executeAsJob } from './progress-relay.ts';
import type { ProgressSink } from './progress-relay.ts';
import { structured, toolContent } from './results.ts';
import type { inputs, ToolName } from './schemas.ts';
import type { z } from 'zod';

type Args<N extends ToolName> = z.output<(typeof inputs)[N]>;
type Handler<N extends ToolName> = (caller: McpCaller, args: Args<N>, progress?: ProgressSink) => Promise<CallToolResult>;

const lines = (items: string[], empty: string) => (items.length ? items.join('\n') : empty);

/**
 * Each MCP tool is one call of the service function its REST route calls, with the same
 * arguments; only the rendering differs (structuredContent + a short text).
 */
export const HANDLERS: { [N in ToolName]: Handler<N> } = {
  async retrieve_tools(caller, args) {
    // The same retrieval as /v1 and /v2 (one engine, one ranking); the query event says "mcp".
    const out = await caller.retrieval.retrieve(
      { userId: caller.userId },
      { query: args.query, topK: args.top_k, server: args.filter?.server, category: args.filter?.category, minScore: args.filter?.min_score, record: 'mcp' },
    );
    const text = lines(
      out.tools.map((t, i) => `${i + 1}. ${t.server}/${t.name} (${t.score.toFixed(2)}): ${t.description.slice(0, 160)}`),
      `No tools match "${args.query}"`,
    );
    return structured({ ...out }, text);
  },

  async get_tool(caller, args) {
    const tool = await findTool(caller.deps, caller.userId, args.tool_name);
    return structured(tool, `${tool.server}/${tool.name}: ${tool.description}\ninputSchema: ${JSON.stringify(tool.inputSchema)}`);
  },

  async execute_tool(caller, args, progress) {
    // A caller who asked for progress gets a job it waits for: only jobs report progress (progress-relay.ts).
    if (progress) return executeAsJob(caller, args, progress);
    const out = await executeTool(caller.deps, {
      userId: caller.userId,
      tool: args.tool_name,
      arguments: args.params,
      timeoutMs: args.timeout ?? DIRECT_TIME_LIMIT.defaultMs,
    });
    const data = {
      tool_name: out.tool,
      execution_id: out.executionId,
      status: 'success',
      result: out.run.result,
      execution_time_ms: out.run.executionTimeMs,
      tokens_used: out.run.tokensUsed,
    };
    return structured(data, '', toolContent(out.run.result));
  },

  async submit_job(caller, args) {
    const job = await submitJob(caller.deps, caller.userId, args);
    return structured(job, `Job ${String(job.job_id)} ${String(job.status)}: ${args.tool}`);
  },

  async get_job(caller, args) {
    const job = await getJob(caller.deps, caller.userId, args.job_id);
    return structured(job, `Job ${args.job_id} ${String(job.status)}`);
  },

  async cancel_job(caller, args) {
    const out = await cancelJob(caller.deps, caller.userId, args.job_id, 'canceled by the user');
    return structured(out, out.message);
  },

  async run_agent(caller, args) {
    requireModel(caller.deps);
    const user = await findUserById(caller.deps.db, caller.userId);
    if (!user) throw unauthorized();
    const { run, ended } = await startAgentRun(caller.deps, user, args);
    const text = ended ? (run.answer ?? `Run ${run.run_id} ${run.status}: ${run.error?.message ?? run.stop_reason}`) : `Run ${run.run_id} is still running; read it at GET /agent/runs/${run.run_id}`;
    return structured(run, text);
  },

  async list_servers(caller) {
    const out = await listConnectedServers(caller.deps, caller.userId);
    return structured(out, lines(out.servers.map((s) => `${s.name}: ${s.status}, ${s.tool_count} tools`), 'No servers'));
  },
};
