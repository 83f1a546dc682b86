import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import { AppError } from '../../errors.ts';
import type { Logger } from '../../../lib/logger.ts';

/** A structured result with a short text rendering beside it (MCP, tools: structured content). */
export function structured(data: Record<string, unknown>, text: string, content?: CallToolResult['content']): CallToolResult {
  return { content: content ?? [{ type: 'text', text }], structuredContent: data };
}

/**
 * A failure as a tool error result (isError), never a protocol error: the model reads it and
 * can correct itself (2025-11-25, tools: input validation errors are tool execution errors).
 * The text carries the REST error's code and message, and the argument when one is wrong.
 */
export function failure(error: unknown, log: Logger): CallToolResult {
  if (!(error instanceof AppError)) {
    log.error({ err: error }, 'mcp tool call failed');
    return errorResult('SERVER_ERROR', 'Internal server error');
  }
  if (error.status >= 500 && error.code === 'SERVER_ERROR') log.error({ err: error, cause: error.cause }, 'mcp tool call failed');
  else log.info({ code: error.code, message: error.message }, 'mcp tool call refused');
  const argument = error.extra.argument ?? error.details.argument ?? error.details.parameter;
  const toolError = error.details.tool_error;
  let text = `${error.code}: ${error.message}`;
  if (typeof argument === 'string' && argument) text += ` (argument: ${argument})`;
  if (typeof toolError === 'string' && toolError && !error.message.includes(toolError)) text += `\n${toolError}`;
  return errorResult(error.code, text);
}

function errorResult(code: string, text: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text }], _meta: { 'switchboard/error_code': code } };
}

/** zod's first problem, named by its path: "params: expected record" → INVALID_REQUEST naming the argument. */
export function invalidArguments(tool: string, error: z.ZodError): AppError {
  const issue = error.issues[0];
  const path = issue?.path.map(String).join('.') || 'arguments';
  return new AppError('INVALID_REQUEST', `Invalid arguments for ${tool}: ${path}: ${issue?.message ?? 'invalid value'}`, {
    parameter: path,
    reason: issue?.code === 'invalid_type' && issue.input === undefined ? 'required' : 'invalid',
  });
}

/** The tool's own content blocks, shown as they came; a text summary when it had none. */
export function toolContent(result: Record<string, unknown>): CallToolResult['content'] {
  const content = result.content;
  if (Array.isArray(content) && content.length) return content as CallToolResult['content'];
  return [{ type: 'text', text: JSON.stringify(result.structuredContent ?? result) }];
}
