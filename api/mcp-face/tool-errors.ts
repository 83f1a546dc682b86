import { randomUUID } from 'node:crypto';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ErrorCode, McpError, UrlElicitationRequiredError } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { Logger } from '../../platform/logger.ts';
import { absoluteLinks } from '../error-forms.ts';
import { AppError } from '../errors.ts';

/*
 * The MCP faces' one error renderer (/mcp, /mcp/packs/{id}, /mcp/servers), from the AppError
 * family: a failure of a call is a tool result with isError whose text starts with the REST
 * error code and names the wrong argument, so a model can correct itself (2025-11-25: input
 * validation errors are tool errors); where the answer must be a CreateTaskResult, the same
 * failure is a JSON-RPC error.
 */

const argumentOf = (error: AppError) => error.extra.argument ?? error.details.argument ?? error.details.parameter;

/** What a face knows of its request that an error's rendering needs. */
export interface FailureContext {
  /** The address the client reached us at: links are made absolute with it. */
  origin: string;
  /** The client declared URL-mode elicitation (2025-11-25, `elicitation: { url: {} }`). */
  urlElicitation: boolean;
}

/**
 * CREDENTIALS_REQUIRED for a client that takes URL-mode elicitation: the JSON-RPC error -32042
 * whose elicitation sends the user to the console's credentials page, out of band. The agent
 * is never asked for the secret itself (MCP 2025-11-25, "sensitive input never goes through
 * the client"). Other errors, and other clients: undefined (they get the link in the text).
 */
export function credentialsElicitation(error: unknown, context: FailureContext): McpError | undefined {
  if (!(error instanceof AppError) || error.code !== 'CREDENTIALS_REQUIRED' || !context.urlElicitation) return undefined;
  const url = absoluteLinks(error.details, context.origin).setup_url;
  if (typeof url !== 'string') return undefined;
  return new UrlElicitationRequiredError([{ mode: 'url', message: `${error.message}. Set them on this page, then call the tool again.`, url, elicitationId: randomUUID() }], `CREDENTIALS_REQUIRED: ${error.message}`);
}

/** The links a CREDENTIALS_REQUIRED text ends with: ours, where the user sets them, and the vendor's, where they are made. */
function linksText(error: AppError, origin: string | undefined): string {
  if (error.code !== 'CREDENTIALS_REQUIRED') return '';
  const details = origin ? absoluteLinks(error.details, origin) : error.details;
  let text = `\nThe user sets them at ${String(details.setup_url)} (never pass a secret in a tool call).`;
  if (typeof details.vendor_setup_url === 'string') text += `\nWhere the server's vendor issues them: ${details.vendor_setup_url}`;
  return text;
}

/** A failure as a tool error result (isError), never a protocol error; our own faults are logged with their cause. */
export function failure(error: unknown, log: Logger, origin?: string): CallToolResult {
  if (!(error instanceof AppError)) {
    log.error({ err: error }, 'mcp tool call failed');
    return errorResult('SERVER_ERROR', 'SERVER_ERROR: Internal server error');
  }
  if (error.status >= 500 && error.code === 'SERVER_ERROR') log.error({ err: error, cause: error.cause }, 'mcp tool call failed');
  else log.info({ code: error.code, message: error.message }, 'mcp tool call refused');
  const argument = argumentOf(error);
  const toolError = error.details.tool_error;
  let text = `${error.code}: ${error.message}`;
  if (typeof argument === 'string' && argument) text += ` (argument: ${argument})`;
  if (typeof toolError === 'string' && toolError && !error.message.includes(toolError)) text += `\n${toolError}`;
  text += linksText(error, origin);
  return errorResult(error.code, text);
}

function errorResult(code: string, text: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text }], _meta: { 'switchboard/error_code': code } };
}

/** A refusal as a JSON-RPC error: the caller's fault is invalid params, ours an internal error. */
export function protocolError(error: unknown, origin?: string): McpError {
  if (error instanceof AppError && error.status < 500) {
    const argument = argumentOf(error);
    return new McpError(ErrorCode.InvalidParams, `${error.code}: ${error.message}${linksText(error, origin)}`, { code: error.code, ...(argument ? { argument } : {}) });
  }
  return new McpError(ErrorCode.InternalError, 'Internal server error');
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
