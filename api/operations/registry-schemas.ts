import { z } from 'zod';
import { availability } from './retrieval-schemas.ts';

// The fields and answers of the registry's operations (registry.ts), which the registry routes
// share: a tool reference and a tool's detail are written here once.

const int = z.number().int();

/** A server reference in paths, queries and bodies: a name, or a custom server's id. */
export const serverRef = z.string().min(1).max(100);
/** A tool name, or `server/name`. */
export const toolName = z.string().min(1).max(300);

export const toolItem = z.object({
  name: z.string(),
  server: z.string(),
  description: z.string(),
  inputSchema: z.record(z.string(), z.unknown()),
  category: z.string(),
  tags: z.array(z.string()),
});

export const toolDetail = toolItem.extend({
  outputSchema: z.record(z.string(), z.unknown()).nullable(),
  examples: z.array(z.record(z.string(), z.unknown())),
  authentication_required: z.string().nullable(),
  rate_limit: z.object({ requests_per_hour: int }).nullable(),
  availability: availability.optional(),
});

/** The MCP servers this service connects to for the caller, with their last health check. */
export const connectedServers = z.object({
  servers: z.array(
    z.object({
      name: z.string(),
      status: z.enum(['connected', 'disconnected', 'error']),
      tool_count: int,
      last_checked: z.string().nullable(),
      error: z.string().optional(),
    }),
  ),
});
