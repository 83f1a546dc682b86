import { z } from 'zod';
import { AGENT_LIMITS, AGENT_RUN_STATUSES, AGENT_STOP_REASONS, agentStep } from '../../contracts/index.ts';
import { findUserById } from '../../db/users.ts';
import { unauthorized } from '../errors.ts';
import { NOT_BLANK } from '../schemas.ts';
import { cancelAgentRun, getAgentRun, requireModel, startAgentRun, WAIT_MS } from '../services/agent/runs.ts';
import { defineOperation } from './operation.ts';

const int = z.number().int();

/** An agent run with its transcript (each model turn and tool call, in order). */
export const agentRun = z.object({
  run_id: z.string(),
  status: z.enum(AGENT_RUN_STATUSES),
  /** null while running; `answered` when the model gave its answer. */
  stop_reason: z.enum(AGENT_STOP_REASONS).nullable(),
  query: z.string(),
  answer: z.string().nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  model: z.string(),
  max_steps: int,
  max_tokens: int,
  steps_used: int,
  tokens: z.object({ input: int, output: int, total: int }),
  tools_offered: z.array(z.object({ function: z.string(), tool: z.string() })),
  transcript: z.array(agentStep),
  created_at: int,
  finished_at: int.nullable(),
});

/**
 * An agent run to its end with the configured model (decisions.md, "Agent runs"): MCP run_agent,
 * and POST /agent/execute with mode "execute" (api/routes/agent, which adds the mode).
 */
export const runAgent = defineOperation({
  name: 'run_agent',
  description: "Run a task to its end with the service's language model, which calls your enabled tools. Returns the answer and the transcript.",
  input: z.object({
    query: z.string().trim().min(1).max(500).regex(NOT_BLANK, 'query must not be blank').describe('The task, in plain words'),
    max_steps: int.min(1).max(AGENT_LIMITS.steps.max).default(AGENT_LIMITS.steps.default),
    max_tokens: int.min(1).max(AGENT_LIMITS.tokens.max).default(AGENT_LIMITS.tokens.default),
    wait_ms: int.min(0).max(WAIT_MS.max).default(WAIT_MS.default).describe('How long to wait for the run to end before answering it as running'),
    time_limit_ms: int.min(1_000).max(AGENT_LIMITS.timeLimitMs).optional(),
  }),
  output: agentRun,
  auth: 'required',
  rateScope: 'execution',
  errorStatuses: [],
  annotations: { readOnlyHint: false, openWorldHint: true },
  taskSupport: 'forbidden',
  async call(caller, args) {
    requireModel(caller.deps);
    const user = await findUserById(caller.deps.db, caller.userId);
    if (!user) throw unauthorized();
    return (await startAgentRun(caller.deps, user, args)).run;
  },
  text(run) {
    if (run.status === 'running') return `Run ${run.run_id} is still running; read it at GET /agent/runs/${run.run_id}`;
    return run.answer ?? `Run ${run.run_id} ${run.status}: ${run.error?.message ?? run.stop_reason}`;
  },
});

/*
 * Reading and canceling a run: REST only today (GET and DELETE /agent/runs/{run_id}); an MCP
 * client follows the run run_agent answered. Declared here so an MCP face, when one is wanted,
 * is one line in api/mcp-face/server/tools.ts.
 */
const runRef = z.object({ run_id: z.uuid() });
const restOnly = { rateScope: null, taskSupport: 'forbidden' as const, text: () => '' };

/** GET /agent/runs/{run_id}: the run with its transcript; another user's run is 404. */
export const getRun = defineOperation({
  ...restOnly,
  name: 'get_agent_run',
  description: 'An agent run of yours with its transcript.',
  input: runRef,
  output: agentRun,
  auth: 'required',
  errorStatuses: [],
  annotations: { readOnlyHint: true, openWorldHint: false },
  call: (caller, args) => getAgentRun(caller.deps, caller.userId, args.run_id),
});

/** DELETE /agent/runs/{run_id}: asks the run to cancel; 409 when it has ended already. */
export const cancelRun = defineOperation({
  ...restOnly,
  name: 'cancel_agent_run',
  description: 'Cancels an agent run of yours that is still running; the run ends as canceled.',
  input: runRef,
  output: z.object({ run_id: z.string(), status: z.literal('canceling'), message: z.string() }),
  auth: 'required',
  errorStatuses: [409],
  annotations: { readOnlyHint: false, openWorldHint: false, destructiveHint: true },
  call: (caller, args) => cancelAgentRun(caller.deps, caller.userId, args.run_id),
});
