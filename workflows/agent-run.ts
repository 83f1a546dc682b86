import {
  ActivityFailure,
  ApplicationFailure,
  CancellationScope,
  ChildWorkflowFailure,
  executeChild,
  getExternalWorkflowHandle,
  isCancellation,
  proxyActivities,
  proxyLocalActivities,
  TimeoutFailure,
} from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import { slotFreed } from './tool-execution.ts';
import { awaitApproval } from './approval-wait.ts';
import type { ApprovalOutcome } from './approval-wait.ts';
import { AGENT_LIMITS, EXECUTION_FAILURES, modelTurn, runSearchAttributes, TOOL_EXECUTION_WORKFLOW, toolRunResult, workflowArgs } from '../contracts/index.ts';
import type { AgentRunInput, AgentRunOutput, AgentStep, ChatMessage, FinishAgentRunInput, ModelToolCall, OfferedTool } from '../contracts/index.ts';

/**
 * Model calls: no side effect, so retried on what may pass (network, 408, 429, 5xx) with
 * exponential backoff; the activity marks a 4xx and an unreadable answer non-retryable.
 */
const model = proxyActivities<Activities>({
  startToCloseTimeout: '2 minutes',
  // The activity heartbeats while it waits: a lost worker's call is retried elsewhere within seconds.
  heartbeatTimeout: '10 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 5 },
});

/** Projection writes: short, idempotent, retried until the database answers. */
const projection = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '500 milliseconds', maximumInterval: '30 seconds' },
});

/** The argument check is pure CPU: a local activity (ajv does not belong in the workflow bundle). */
const local = proxyLocalActivities<Activities>({ startToCloseTimeout: '10 seconds', retry: { maximumAttempts: 3 } });

const SYSTEM_PROMPT =
  'You are the agent of Switchboard, a service that runs tools of MCP servers. Complete the user\'s task with the tools you are offered: ' +
  'call them with arguments that match their JSON Schemas, read their results, and call again if a result shows a mistake. ' +
  'When the task is done, answer in plain words without calling a tool. You cannot enable servers, configure credentials or spend money.';

/** Slack of a tool call's child run over the tool's own limit (queueing, recording). */
const TOOL_RUN_SLACK_MS = 5_000;

type Ending = Omit<FinishAgentRunInput, 'runId' | 'userId'>;

/**
 * An agent run (decisions.md, "Agent runs"), workflow id = run id. The API retrieved and
 * resolved the tools it offers (input.tools), so the loop is: call the model (an activity),
 * record its turn, run each tool call it asked for as a child run of the tool-execution
 * workflow (direct mode, id `<run>-s<step>-c<n>`: the same checks, history rows and events as
 * a direct run), feed the results back, until the model answers or a limit is met (steps,
 * tokens, time). Every finished call is in this history, so a worker lost mid-run resumes
 * from it and never calls a tool again. The ending is written even when the run is canceled.
 */
export async function agentRunWorkflow(input: AgentRunInput): Promise<AgentRunOutput> {
  const state = { seq: 0, tokens: 0 };
  let ending: Ending;
  let canceled: unknown;
  try {
    ending = await CancellationScope.withTimeout(input.timeLimitMs, () => loop(input, state));
  } catch (error) {
    if (isCancellation(error)) {
      // Only the run's own limit cancels the inner scope alone; a cancel request cancels the root too.
      if (CancellationScope.current().consideredCancelled) {
        canceled = error;
        ending = { status: 'canceled', stopReason: 'canceled', answer: null, error: null };
      } else {
        ending = { status: 'failed', stopReason: 'time_limit', answer: null, error: { code: 'AGENT_TIME_LIMIT', message: `The run did not finish within ${input.timeLimitMs} ms` } };
      }
    } else {
      ending = failedOn(error);
    }
  }
  // The slot the run held is free: jobs told to wait for one are woken (as a finished job wakes them).
  await CancellationScope.nonCancellable(async () => {
    const waiting = await projection.finishAgentRun({ runId: input.runId, userId: input.userId, ...ending });
    await Promise.allSettled(waiting.map((id) => getExternalWorkflowHandle(id).signal(slotFreed)));
  });
  // A canceled run ends as Canceled in Temporal too, once its ending is recorded.
  if (canceled) throw canceled;
  return { status: ending.status, stopReason: ending.stopReason, answer: ending.answer };
}

async function loop(input: AgentRunInput, state: { seq: number; tokens: number }): Promise<Ending> {
  const messages: ChatMessage[] = [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: input.query },
  ];
  const byFunction = new Map(input.tools.map((t) => [t.function, t]));
  for (let step = 1; ; step++) {
    const turn = modelTurn.parse(await model.callModel({ runId: input.runId, step, messages, tools: input.tools }));
    state.tokens += turn.tokens.input + turn.tokens.output;
    const modelStep: AgentStep = {
      kind: 'model',
      seq: state.seq++,
      step,
      content: turn.content,
      tool_calls: turn.toolCalls.map((c) => ({ id: c.id, function: c.name, tool: byFunction.get(c.name)?.shown ?? null, arguments: parsedOrRaw(c.arguments) })),
      tokens: turn.tokens,
      finish_reason: turn.finishReason,
    };
    await projection.recordAgentSteps({ runId: input.runId, steps: [modelStep] });
    if (!turn.toolCalls.length) return { status: 'completed', stopReason: 'answered', answer: turn.content ?? '', error: null };
    // Calls whose results no model call would read are not run.
    if (state.tokens >= input.maxTokens) {
      return { status: 'failed', stopReason: 'token_limit', answer: null, error: { code: 'AGENT_TOKEN_LIMIT', message: `The run used ${state.tokens} of its ${input.maxTokens} model tokens` } };
    }
    if (step >= input.maxSteps) {
      return { status: 'failed', stopReason: 'step_limit', answer: null, error: { code: 'AGENT_STEP_LIMIT', message: `The model did not answer within ${input.maxSteps} steps` } };
    }
    messages.push({
      role: 'assistant',
      content: turn.content,
      tool_calls: turn.toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })),
    });
    for (const [index, call] of turn.toolCalls.entries()) {
      const done = await runToolCall(input, byFunction.get(call.name), call, `${input.runId}-s${step}-c${index + 1}`);
      const toolStep: AgentStep = { kind: 'tool', seq: state.seq++, step, call_id: call.id, ...done.step };
      await projection.recordAgentSteps({ runId: input.runId, steps: [toolStep] });
      if (done.stop) return stoppedBy(done.stop, toolStep.tool ?? call.name);
      messages.push({ role: 'tool', tool_call_id: call.id, content: done.content });
    }
  }
}

/** A tool call's step, what the model reads of it, and whether its owner stopped the run instead. */
type ToolCallDone = { step: ToolStepPart; content: string; stop?: ApprovalOutcome };

type ToolStepPart = Omit<Extract<AgentStep, { kind: 'tool' }>, 'kind' | 'seq' | 'step' | 'call_id'>;

/**
 * One tool call the model asked for: an unknown function, arguments that are not a JSON
 * object or do not match the schema are errors fed back to the model, like a tool's own error.
 */
async function runToolCall(input: AgentRunInput, tool: OfferedTool | undefined, call: ModelToolCall, executionId: string): Promise<ToolCallDone> {
  const args = parsedOrRaw(call.arguments);
  const refuse = (code: string, message: string) => fed({ tool: tool?.shown ?? null, arguments: args, execution_id: null, status: 'failed', error: { code, message }, duration_ms: 0 });
  if (!tool) return refuse('TOOL_NOT_FOUND', `No tool named ${call.name} was offered; use one of: ${input.tools.map((t) => t.function).join(', ')}`);
  if (!isObject(args)) return refuse('INVALID_ARGUMENTS', 'The arguments must be a JSON object');
  const problem = await local.checkToolArguments({ schema: tool.inputSchema, arguments: args });
  if (problem) return refuse('INVALID_ARGUMENTS', problem.message);
  // The user's policy (issue 37, item 3): a denied call is an error the model reads; one to ask
  // about pauses the run here until its owner decides (within what is left of the run's limit).
  const { runId, userId } = input;
  // Two passes at most: a cold start may teach the tool's pin that it asks (policy-after-start.ts);
  // the child refuses then, nothing called, and the gate asks on the second pass.
  for (let pass = 0; ; pass++) {
    const gate = await approvals.gateAgentCall({ runId, callId: executionId, userId, server: tool.server, tool: tool.tool, arguments: args, maxWaitMs: input.timeLimitMs });
    if (gate.decision === 'deny') return refuse('CALL_DENIED', `Call refused: ${gate.reason}`);
    if (gate.wait) {
      const outcome = await awaitApproval(gate.wait);
      if (outcome !== 'approved') return { ...refuse(APPROVAL_CODES[outcome], approvalMessage(outcome)), stop: outcome };
    }
    const childId = pass === 0 ? executionId : `${executionId}-approved`;
    const started = Date.now();
    try {
      const out = await executeChild(TOOL_EXECUTION_WORKFLOW, {
        workflowId: childId,
        args: workflowArgs(TOOL_EXECUTION_WORKFLOW, {
          executionId: childId,
          mode: 'direct',
          userId: input.userId,
          server: tool.server,
          tool: tool.tool,
          arguments: args,
          timeLimitMs: input.toolTimeLimitMs,
          // Approved: not asked again after the instance starts.
          ...(gate.wait ? { approval: gate.wait } : {}),
        }),
        workflowExecutionTimeout: input.toolTimeLimitMs + TOOL_RUN_SLACK_MS,
        typedSearchAttributes: runSearchAttributes({ user: input.userId, tool: tool.tool, server: tool.server, run: input.runId }),
      });
      const run = toolRunResult.parse(out);
      return fed({ tool: tool.shown, arguments: args, execution_id: childId, status: 'completed', result: run.result, duration_ms: run.executionTimeMs });
    } catch (error) {
      if (isCancellation(error)) throw error;
      const failure = toolError(error, input.toolTimeLimitMs);
      if (pass === 0 && !gate.wait && failure.code === EXECUTION_FAILURES.approvalRequired) continue;
      return fed({ tool: tool.shown, arguments: args, execution_id: childId, status: 'failed', duration_ms: Date.now() - started, error: failure });
    }
  }
}

const APPROVAL_CODES = { denied: 'APPROVAL_DENIED', expired: 'APPROVAL_EXPIRED' } as const;
const approvalMessage = (outcome: 'denied' | 'expired') => (outcome === 'denied' ? 'The call was denied by its owner' : 'Nobody approved the call in time');

/** A run its owner stopped by not approving a call: canceled, the tool never called. */
function stoppedBy(outcome: ApprovalOutcome, tool: string): Ending {
  const kind = outcome === 'denied' ? 'denied' : 'expired';
  return { status: 'canceled', stopReason: `approval_${kind}`, answer: null, error: { code: APPROVAL_CODES[kind], message: `${approvalMessage(kind)}: ${tool}` } };
}

/** Approval checks and expiry: short database work, retried until it answers. */
const approvals = proxyActivities<Activities>({ startToCloseTimeout: '30 seconds', retry: { initialInterval: '1 second', maximumInterval: '30 seconds' } });

/** The step and what the model reads of it: the result's or the error's JSON, cut to a size. */
function fed(step: ToolStepPart): { step: ToolStepPart; content: string } {
  const said = step.status === 'completed' ? JSON.stringify(step.result ?? null) : JSON.stringify({ error: step.error });
  const content = said.length > AGENT_LIMITS.resultChars ? `${said.slice(0, AGENT_LIMITS.resultChars)}… (cut at ${AGENT_LIMITS.resultChars} characters)` : said;
  return { step, content };
}

/** The child run's one ExecutionError (type = code) as the model and the transcript see it. */
function toolError(error: unknown, timeLimitMs: number): { code: string; message: string } {
  const cause = error instanceof ChildWorkflowFailure ? error.cause : error;
  if (cause instanceof TimeoutFailure) return { code: 'EXECUTION_TIMEOUT', message: `The tool did not finish within ${timeLimitMs} ms` };
  if (cause instanceof ApplicationFailure) {
    const details = cause.details?.[0] as { tool_error?: unknown } | undefined;
    const said = typeof details?.tool_error === 'string' && details.tool_error !== cause.message ? `${cause.message}: ${details.tool_error}` : cause.message;
    return { code: cause.type ?? 'EXECUTION_ERROR', message: said };
  }
  return { code: 'SERVER_ERROR', message: 'The tool run failed for an internal reason' };
}

/** How a run that threw ended: the model's endpoint gave up or refused, or something of ours failed. */
function failedOn(error: unknown): Ending {
  if (error instanceof ActivityFailure && error.activityType === 'callModel') {
    const message = error.cause?.message ?? 'The model endpoint failed';
    return { status: 'failed', stopReason: 'model_error', answer: null, error: { code: 'MODEL_ERROR', message } };
  }
  return { status: 'failed', stopReason: 'internal', answer: null, error: { code: 'SERVER_ERROR', message: 'The run failed for an internal reason' } };
}

function parsedOrRaw(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
