import { randomUUID } from 'node:crypto';
import { WorkflowNotFoundError } from '@temporalio/client';
import { AGENT_LIMITS, AGENT_RUN_WORKFLOW, DEFAULT_JOB_CONCURRENCY, runSearchAttributes, workflowArgs } from '../../../contracts/index.ts';
import type { AgentStep, OfferedTool } from '../../../contracts/index.ts';
import { findOwnRun, finishRun, insertRunInSlot, listSteps } from '../../../db/agent/runs.ts';
import type { AgentRunRow, User } from '../../../db/schema/index.ts';
import type { AppDeps } from '../../context.ts';
import { AppError, invalidRequest, notFound } from '../../errors.ts';
import { unixSeconds } from '../../schemas.ts';
import { resolveTool } from '../execution/resolve-tool.ts';
import { assertWithinPlan } from '../registry/plan-allowances.ts';

/** The settings a run needs, named in the refusal when they are missing. */
export const LLM_SETTINGS = 'LLM_BASE_URL and LLM_MODEL (and LLM_API_KEY when the endpoint takes a key)';

/** Retrieval candidates looked at to find the few runnable tools the model is offered. */
const CANDIDATES = 15;
/** The longest a POST /agent/execute waits for its run by default, and at most. */
export const WAIT_MS = { default: 10_000, max: 60_000 } as const;
/** Slack of the workflow's own limit over the run's time limit (the ending is still written). */
const RUN_SLACK_MS = 60_000;

export interface AgentExecution {
  query: string;
  max_steps: number;
  max_tokens: number;
  wait_ms: number;
  /** The run's time limit; default and maximum AGENT_LIMITS.timeLimitMs. */
  time_limit_ms?: number;
}

/** Mode "execute" needs a model endpoint: without one it is refused, naming the settings (checked before the caller). */
export function requireModel(deps: AppDeps): void {
  if (deps.config.LLM_BASE_URL && deps.config.LLM_MODEL) return;
  throw invalidRequest(`Agent runs need a language model; the operator sets ${LLM_SETTINGS}. Until then ask for mode "plan"`, 'mode', 'unsupported');
}

/**
 * POST /agent/execute with mode "execute" (decisions.md, "Agent runs"): offers the model the
 * best few tools the user can run — the one retrieval path, then the same resolution as a
 * direct run (enabled, connected; the agent never enables a server) — takes one of the plan's
 * concurrency slots, stores the run and starts agentRunWorkflow (id = run id), then waits up to
 * `wait_ms` for it. Answers the run and whether it has ended.
 */
export async function startAgentRun(deps: AppDeps, user: User, body: AgentExecution): Promise<{ run: ReturnType<typeof runView>; ended: boolean }> {
  requireModel(deps);
  // Refused rather than clamped (decisions.md, "Hardening 2: limits"): a caller that asked for a
  // budget learns it will not get it, instead of a run that stops early for a reason it never saw.
  assertWithinPlan(user.plan, 'maxAgentTokensPerRun', body.max_tokens, body.max_tokens);
  if (!deps.retrieval) throw new AppError('SERVICE_UNAVAILABLE', 'Tool retrieval is not available on this replica');
  const tools = await offeredTools(deps, user.id, body.query);
  const runId = randomUUID();
  const limit = DEFAULT_JOB_CONCURRENCY[user.plan];
  const row = await insertRunInSlot(
    deps.db,
    {
      id: runId,
      userId: user.id,
      query: body.query,
      model: deps.config.LLM_MODEL as string,
      maxSteps: body.max_steps,
      maxTokens: body.max_tokens,
      tools: tools.map((t) => ({ function: t.function, tool: t.shown })),
    },
    limit,
  );
  if (!row) {
    throw new AppError('RATE_LIMITED', `The ${user.plan} plan runs ${limit} jobs or agent runs at a time; wait for one to end`, { scope: 'concurrency', plan: user.plan, limit }, { retry_after: 5 });
  }
  const handle = await startWorkflow(deps, user, body, runId, tools).catch(async (error: unknown) => {
    // No run will write its ending: free the slot now.
    await finishRun(deps.db, runId, { status: 'failed', stopReason: 'internal', answer: null, error: { code: 'SERVER_ERROR', message: 'The run could not be started' } });
    throw error;
  });
  const ended = await settledWithin(handle.result(), body.wait_ms);
  return { run: await getAgentRun(deps, user.id, runId), ended };
}

function startWorkflow(deps: AppDeps, user: User, body: AgentExecution, runId: string, tools: OfferedTool[]) {
  return deps.temporal.client.workflow.start(AGENT_RUN_WORKFLOW, {
    workflowId: runId,
    taskQueue: deps.temporal.taskQueue,
    args: workflowArgs(AGENT_RUN_WORKFLOW, {
      runId,
      userId: user.id,
      query: body.query,
      maxSteps: body.max_steps,
      maxTokens: body.max_tokens,
      timeLimitMs: body.time_limit_ms ?? AGENT_LIMITS.timeLimitMs,
      toolTimeLimitMs: AGENT_LIMITS.toolTimeLimitMs,
      tools,
    }),
    workflowExecutionTimeout: (body.time_limit_ms ?? AGENT_LIMITS.timeLimitMs) + RUN_SLACK_MS,
    requestEagerStart: true,
    typedSearchAttributes: runSearchAttributes({ user: user.id, run: runId }),
  });
}

/** The best few retrieved tools the user can run now, with chat-completions function names. */
async function offeredTools(deps: AppDeps, userId: string, query: string): Promise<OfferedTool[]> {
  const found = await (deps.retrieval as NonNullable<AppDeps['retrieval']>).retrieve({ userId }, { query, topK: CANDIDATES });
  const offered: OfferedTool[] = [];
  const names = new Set<string>();
  for (const t of found.tools) {
    if (offered.length >= AGENT_LIMITS.offeredTools) break;
    const shown = `${t.server}/${t.name}`;
    const target = await resolveTool(deps.db, shown, userId).catch(() => undefined);
    if (!target) continue;
    const fn = functionName(t.server, t.name, names);
    names.add(fn);
    offered.push({ function: fn, server: target.server, shown, tool: target.tool, description: t.description, inputSchema: target.inputSchema });
  }
  return offered;
}

/** `server/tool` as a function name (^[a-zA-Z0-9_-]{1,64}$), unique among the run's. */
export function functionName(server: string, tool: string, taken: Set<string>): string {
  const base = `${server}__${tool}`.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64);
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base.slice(0, 64 - String(n).length - 1)}_${n}`;
  return name;
}

/** True when `p` settles within `ms` (a failed run has ended too). */
async function settledWithin(p: Promise<unknown>, ms: number): Promise<boolean> {
  if (ms <= 0) {
    p.catch(() => {});
    return false;
  }
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([p.then(() => true, () => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** GET /agent/runs/{id}: the run with its transcript; another user's run is 404. */
export async function getAgentRun(deps: AppDeps, userId: string, runId: string) {
  const row = await findOwnRun(deps.db, userId, runId);
  if (!row) throw notFound('NOT_FOUND', `Agent run ${runId} not found`);
  return runView(row, await listSteps(deps.db, runId));
}

/** Finds the caller's run or 404s (streams check before they open). */
export async function ownRun(deps: AppDeps, userId: string, runId: string): Promise<AgentRunRow> {
  const row = await findOwnRun(deps.db, userId, runId);
  if (!row) throw notFound('NOT_FOUND', `Agent run ${runId} not found`);
  return row;
}

/**
 * DELETE /agent/runs/{id}: asks the workflow to cancel; a tool call under way is canceled with
 * it and the run's ending is written by the workflow. A run that has ended already is 409.
 */
export async function cancelAgentRun(deps: AppDeps, userId: string, runId: string) {
  const row = await ownRun(deps, userId, runId);
  if (row.status !== 'running') throw new AppError('CONFLICT', `Agent run ${runId} has already ended (${row.status})`);
  try {
    await deps.temporal.client.workflow.getHandle(runId).cancel();
  } catch (error) {
    if (!(error instanceof WorkflowNotFoundError)) throw error;
    // The workflow is gone or closed without writing its ending (its hard limit): end it here.
    await finishRun(deps.db, runId, { status: 'canceled', stopReason: 'canceled', answer: null, error: null });
  }
  return { run_id: runId, status: 'canceling' as const, message: 'Cancel requested; the run ends as canceled' };
}

export function runView(row: AgentRunRow, steps: Record<string, unknown>[]) {
  return {
    run_id: row.id,
    status: row.status,
    stop_reason: row.stopReason,
    query: row.query,
    answer: row.answer,
    error: row.error,
    model: row.model,
    max_steps: row.maxSteps,
    max_tokens: row.maxTokens,
    steps_used: row.steps,
    tokens: { input: row.inputTokens, output: row.outputTokens, total: row.inputTokens + row.outputTokens },
    tools_offered: row.tools,
    transcript: steps as AgentStep[],
    created_at: unixSeconds(row.createdAt),
    finished_at: row.finishedAt ? unixSeconds(row.finishedAt) : null,
  };
}
