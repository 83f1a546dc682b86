import { z } from 'zod';

/**
 * Limits of an agent run (decisions.md, "Agent runs"). A step is one model call and the tool
 * calls it asked for; the time limit covers the whole run, tool calls included.
 */
export const AGENT_LIMITS = {
  steps: { default: 10, max: 20 },
  /** Model tokens (prompt + completion, summed over the run's model calls). */
  tokens: { default: 50_000, max: 1_000_000 },
  timeLimitMs: 10 * 60_000,
  /** Time limit of each tool call the model asks for (a direct run's default). */
  toolTimeLimitMs: 30_000,
  /** How many retrieved tools the model is offered. */
  offeredTools: 5,
  /** A tool result fed back to the model is cut to this many characters of its JSON. */
  resultChars: 8_000,
} as const;

/** How a run ended; `answered` is the only ending whose status is `completed`. */
export const AGENT_STOP_REASONS = ['answered', 'step_limit', 'token_limit', 'time_limit', 'canceled', 'model_error', 'internal', 'approval_denied', 'approval_expired'] as const;
export type AgentStopReason = (typeof AGENT_STOP_REASONS)[number];
export const AGENT_RUN_STATUSES = ['running', 'completed', 'failed', 'canceled'] as const;
export type AgentRunStatus = (typeof AGENT_RUN_STATUSES)[number];

/** Failure types of the model activity; non-retryable ones end the run with `model_error`. */
export const MODEL_FAILURES = { rejected: 'MODEL_REJECTED', badResponse: 'MODEL_BAD_RESPONSE', notConfigured: 'MODEL_NOT_CONFIGURED' } as const;

/** A tool offered to the model: the function name it sees and the tool it stands for. */
export const offeredTool = z.object({
  /** ^[a-zA-Z0-9_-]{1,64}$, unique in the run (chat-completions function names). */
  function: z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/),
  /** The server's internal key, as the tool-execution workflow takes it. */
  server: z.string(),
  /** `server/tool` as the user sees it. */
  shown: z.string(),
  tool: z.string(),
  description: z.string(),
  inputSchema: z.record(z.string(), z.unknown()),
});
export type OfferedTool = z.infer<typeof offeredTool>;

export const agentRunInput = z.object({
  /** The workflow id. */
  runId: z.string(),
  userId: z.string(),
  query: z.string(),
  maxSteps: z.number().int().positive(),
  maxTokens: z.number().int().positive(),
  timeLimitMs: z.number().int().positive(),
  toolTimeLimitMs: z.number().int().positive(),
  tools: z.array(offeredTool),
});
export type AgentRunInput = z.infer<typeof agentRunInput>;

/** A chat-completions message as the run keeps it (system, user, assistant with tool_calls, tool). */
export const chatMessage = z.looseObject({
  role: z.enum(['system', 'user', 'assistant', 'tool']),
  content: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

export const modelToolCall = z.object({ id: z.string(), name: z.string(), arguments: z.string() });
export type ModelToolCall = z.infer<typeof modelToolCall>;

/** What one model call answered: text, tool calls, and the tokens it cost. */
export const modelTurn = z.object({
  content: z.string().nullable(),
  toolCalls: z.array(modelToolCall),
  finishReason: z.string().nullable(),
  tokens: z.object({ input: z.number().int().nonnegative(), output: z.number().int().nonnegative() }),
  model: z.string(),
});
export type ModelTurn = z.infer<typeof modelTurn>;

export interface ModelCallInput {
  runId: string;
  step: number;
  messages: ChatMessage[];
  tools: OfferedTool[];
}

/** One transcript entry, as activities store it and the API shows it. */
export const agentStep = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('model'),
    seq: z.number().int(),
    step: z.number().int(),
    content: z.string().nullable(),
    tool_calls: z.array(z.object({ id: z.string(), tool: z.string().nullable(), function: z.string(), arguments: z.unknown() })),
    tokens: z.object({ input: z.number().int(), output: z.number().int() }),
    finish_reason: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('tool'),
    seq: z.number().int(),
    step: z.number().int(),
    call_id: z.string(),
    tool: z.string().nullable(),
    arguments: z.unknown(),
    execution_id: z.string().nullable(),
    status: z.enum(['completed', 'failed']),
    result: z.unknown().optional(),
    error: z.object({ code: z.string(), message: z.string() }).optional(),
    duration_ms: z.number().int(),
  }),
]);
export type AgentStep = z.infer<typeof agentStep>;

export interface RecordAgentStepsInput {
  runId: string;
  steps: AgentStep[];
}

export interface FinishAgentRunInput {
  runId: string;
  userId: string;
  status: Exclude<AgentRunStatus, 'running'>;
  stopReason: AgentStopReason;
  answer: string | null;
  error: { code: string; message: string } | null;
}

/** What the workflow returns: how it ended (the transcript is in Postgres). */
export const agentRunOutput = z.object({
  status: z.enum(AGENT_RUN_STATUSES),
  stopReason: z.enum(AGENT_STOP_REASONS),
  answer: z.string().nullable(),
});
export type AgentRunOutput = z.infer<typeof agentRunOutput>;
