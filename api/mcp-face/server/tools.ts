import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { runAgent } from '../../operations/agent.ts';
import { retrieveTools } from '../../operations/retrieval.ts';
import { cancelJob, executeTool, getJob, submitJob } from '../../operations/execution.ts';
import type { Operation } from '../../operations/operation.ts';
import { getTool, listServers } from '../../operations/registry.ts';

/**
 * The tools of /mcp: each is one operation declaration (api/operations), which holds its name,
 * description, schemas, annotations, task support, rate scope and service call. A new tool is
 * a new declaration added here; nothing else names it.
 */
export const MCP_TOOLS: readonly Operation[] = [retrieveTools, getTool, executeTool, submitJob, getJob, cancelJob, listServers, runAgent] as readonly Operation[];

const BY_NAME = new Map(MCP_TOOLS.map((tool) => [tool.name, tool]));

/** The tool of that name, or undefined (an unknown tool is a JSON-RPC -32602). */
export const toolNamed = (name: string): Operation | undefined => BY_NAME.get(name);

/** A declaration's zod schema as MCP publishes it (JSON Schema 2020-12, MCP's dialect). */
export function mcpJsonSchema(schema: z.ZodType, io: 'input' | 'output'): Tool['inputSchema'] {
  return z.toJSONSchema(schema, { io, target: 'draft-2020-12' }) as Tool['inputSchema'];
}

/** One tools/list entry, rendered from its declaration. */
export function toolListing(tool: Operation): Tool {
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: mcpJsonSchema(tool.input, 'input'),
    outputSchema: mcpJsonSchema(tool.mcpOutput ?? tool.output, 'output'),
    execution: { taskSupport: tool.taskSupport },
    annotations: { ...tool.annotations },
  };
}

/** The tools/list entries as declared (the same for everyone). */
export const TOOLS: Tool[] = MCP_TOOLS.map(toolListing);

/**
 * The tools/list answer for one caller: retrieve_tools' description also says what the caller's
 * catalogue holds (api/services/retrieval/outline.ts), so an agent knows when searching is worth
 * it. When the outline cannot be read, the declared description stands alone.
 */
export async function toolsFor(outline: () => Promise<string>): Promise<Tool[]> {
  let what: string;
  try {
    what = await outline();
  } catch {
    return TOOLS;
  }
  return TOOLS.map((tool) => (tool.name === retrieveTools.name ? { ...tool, description: `${tool.description}\n\n${what}` } : tool));
}
