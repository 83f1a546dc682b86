import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { inputs, outputs } from './schemas.ts';
import type { ToolName } from './schemas.ts';

/** Tools whose run is a Switchboard job, so a client may ask for it as an MCP task. */
export const TASK_TOOLS = new Set<ToolName>(['execute_tool', 'submit_job']);

const DESCRIPTIONS: Record<ToolName, string> = {
  retrieve_tools: 'Find tools by describing the task in plain words. Returns ranked tools with their input schemas.',
  get_tool: 'The full detail of one tool: description, input and output schemas, examples.',
  execute_tool: 'Run a tool and wait for its result. Ask for a task to get a durable job instead.',
  submit_job: 'Start a tool run as a background job; read it with get_job.',
  get_job: 'The state of one of your jobs: queued, running (with progress), or its result.',
  cancel_job: 'Cancel one of your jobs while it is still queued.',
  list_servers: 'The MCP servers this service connects to, with their status and tool counts.',
  run_agent: "Run a task to its end with the service's language model, which calls your enabled tools. Returns the answer and the transcript.",
};

const READ_ONLY = new Set<ToolName>(['retrieve_tools', 'get_tool', 'get_job', 'list_servers']);

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Tool['inputSchema'] {
  return z.toJSONSchema(schema, { io, target: 'draft-2020-12' }) as Tool['inputSchema'];
}

/** The tools/list answer: built once, the tools never change. */
export const TOOLS: Tool[] = (Object.keys(inputs) as ToolName[]).map((name) => ({
  name,
  description: DESCRIPTIONS[name],
  inputSchema: jsonSchema(inputs[name], 'input'),
  outputSchema: jsonSchema(outputs[name], 'output'),
  execution: { taskSupport: TASK_TOOLS.has(name) ? 'optional' : 'forbidden' },
  annotations: { readOnlyHint: READ_ONLY.has(name), openWorldHint: name === 'execute_tool' || name === 'submit_job' || name === 'run_agent' },
}));
