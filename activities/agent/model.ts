import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { z } from 'zod';
import { MODEL_FAILURES } from '../../contracts/index.ts';
import type { ModelCallInput, ModelTurn } from '../../contracts/index.ts';
import type { Config } from '../../platform/config.ts';

/** The model endpoint of agent runs (platform/config.ts LLM_*); absent = agent runs are off. */
export interface LlmSettings {
  baseUrl: string;
  apiKey?: string;
  model: string;
}

export function llmSettings(config: Config): LlmSettings | undefined {
  if (!config.LLM_BASE_URL || !config.LLM_MODEL) return undefined;
  return { baseUrl: config.LLM_BASE_URL.replace(/\/+$/, ''), apiKey: config.LLM_API_KEY, model: config.LLM_MODEL };
}

/** One model call may take this long; the workflow's activity timeout is a little longer. */
export const MODEL_CALL_TIMEOUT_MS = 100_000;
const HEARTBEAT_EVERY_MS = 2_000;
/** A 429's Retry-After is honoured up to this; beyond it the workflow's backoff applies. */
const MAX_RETRY_AFTER_MS = 60_000;

/** The part of a chat-completions answer a run reads; everything else is ignored. */
const completion = z.object({
  model: z.string().optional(),
  choices: z
    .array(
      z.object({
        finish_reason: z.string().nullable().optional(),
        message: z.object({
          content: z.string().nullable().optional(),
          tool_calls: z
            .array(z.object({ id: z.string(), function: z.object({ name: z.string(), arguments: z.string().optional() }) }))
            .nullable()
            .optional(),
        }),
      }),
    )
    .min(1),
  usage: z.object({ prompt_tokens: z.number().int().nonnegative(), completion_tokens: z.number().int().nonnegative() }).partial().optional(),
});

/**
 * One chat-completions call (OpenAI-compatible: `tools` in, `tool_calls` out). Thrown for a
 * retry: no answer (network), 408, 429 (after its Retry-After when given) and 5xx. Any other
 * 4xx and an answer we cannot read are the non-retryable MODEL_REJECTED / MODEL_BAD_RESPONSE:
 * asking again would get the same. Model calls have no side effect, so a retry after a lost
 * worker is harmless; the key never leaves this activity (not in history, not in errors).
 */
export function createCallModel(llm: LlmSettings | undefined) {
  return async function callModel(input: ModelCallInput): Promise<ModelTurn> {
    if (!llm) throw ApplicationFailure.nonRetryable('No model is configured on this worker (LLM_BASE_URL, LLM_MODEL)', MODEL_FAILURES.notConfigured);
    const ctx = Context.current();
    const body = {
      model: llm.model,
      messages: input.messages,
      ...(input.tools.length
        ? {
            tools: input.tools.map((t) => ({ type: 'function', function: { name: t.function, description: t.description.slice(0, 1024), parameters: t.inputSchema } })),
            tool_choice: 'auto',
          }
        : {}),
    };
    const signal = AbortSignal.any([ctx.cancellationSignal, AbortSignal.timeout(MODEL_CALL_TIMEOUT_MS)]);
    // Heartbeats while the model thinks: a lost worker is noticed in seconds, not at the call's timeout.
    const beat = setInterval(() => ctx.heartbeat(), HEARTBEAT_EVERY_MS);
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${llm.baseUrl}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(llm.apiKey ? { authorization: `Bearer ${llm.apiKey}` } : {}) },
        body: JSON.stringify(body),
        signal,
      });
      text = await response.text();
    } finally {
      clearInterval(beat);
    }
    if (!response.ok) {
      // The endpoint's own words (they help the user), never our key should it echo it.
      const said = (llm.apiKey ? text.replaceAll(llm.apiKey, '[redacted]') : text).slice(0, 300);
      const message = `The model endpoint answered ${response.status}: ${said}`;
      if (response.status === 429) {
        const after = Number(response.headers.get('retry-after'));
        const nextRetryDelay = Number.isFinite(after) && after > 0 ? Math.min(after * 1000, MAX_RETRY_AFTER_MS) : undefined;
        throw ApplicationFailure.create({ message, type: 'MODEL_BUSY', nextRetryDelay });
      }
      if (response.status === 408 || response.status >= 500) throw new Error(message);
      throw ApplicationFailure.nonRetryable(message, MODEL_FAILURES.rejected);
    }
    let parsed: z.infer<typeof completion>;
    try {
      parsed = completion.parse(JSON.parse(text));
    } catch {
      throw ApplicationFailure.nonRetryable('The model endpoint answered something that is not a chat completion', MODEL_FAILURES.badResponse);
    }
    const choice = parsed.choices[0] as (typeof parsed.choices)[number];
    return {
      content: choice.message.content ?? null,
      toolCalls: (choice.message.tool_calls ?? []).map((c) => ({ id: c.id, name: c.function.name, arguments: c.function.arguments ?? '{}' })),
      finishReason: choice.finish_reason ?? null,
      tokens: { input: parsed.usage?.prompt_tokens ?? 0, output: parsed.usage?.completion_tokens ?? 0 },
      model: parsed.model ?? llm.model,
    };
  };
}
