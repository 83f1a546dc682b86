import type { Database } from '../../../db/client.ts';
import { invalidRequest } from '../../errors.ts';
import { credentialsOf, rankForQuery } from '../recommender/recommend.ts';

interface PlanStep {
  step: number;
  action: 'enable_server' | 'configure_credentials' | 'call_tool';
  server: string;
  tool?: string;
  description: string;
  input_schema?: Record<string, unknown>;
  request?: { method: 'POST'; path: string; body: Record<string, unknown> };
}

/**
 * POST /agent/execute. The service has no language model: it cannot turn the words of a task
 * into tool arguments, and it never fabricates results. So it plans — servers to enable,
 * credentials to set, tools to call with their input schemas and ready-made requests — and
 * the caller (an agent that can fill arguments) runs the call steps. `mode: "execute"` is
 * refused rather than answered with a plan that pretends to have run.
 */
export async function planAgentTask(db: Database, userId: string | null, body: { query: string; mode: 'plan' | 'execute'; max_steps: number }) {
  if (body.mode === 'execute') {
    throw invalidRequest(
      'This service cannot choose tool arguments on its own; ask for mode "plan" and run its call_tool steps with POST /v1/execute_tool or POST /jobs/submit',
      'mode',
      'unsupported',
    );
  }
  const r = await rankForQuery(db, body.query, userId, 3);
  const steps: Omit<PlanStep, 'step'>[] = [];
  for (const { server } of r.servers) {
    if (!r.enabled.has(server.name)) {
      steps.push({
        action: 'enable_server',
        server: server.name,
        description: `Enable ${server.displayName}`,
        request: { method: 'POST', path: '/mcp_servers/toggle', body: { server: server.name, enabled: true } },
      });
    }
    const credentials = credentialsOf(server);
    if (credentials) {
      steps.push({ action: 'configure_credentials', server: server.name, description: `Set ${credentials.vars.join(', ')}${credentials.setupUrl ? ` (${credentials.setupUrl})` : ''}` });
    }
  }
  for (const { tool } of r.tools.slice(0, 3)) {
    steps.push({
      action: 'call_tool',
      server: tool.name,
      tool: tool.tool,
      description: tool.toolDescription || `Call ${tool.tool}`,
      input_schema: tool.inputSchema,
      request: { method: 'POST', path: '/v1/execute_tool', body: { tool_name: `${tool.name}/${tool.tool}`, params: {} } },
    });
  }
  const planned = steps.slice(0, body.max_steps).map((s, i) => ({ step: i + 1, ...s }));
  return {
    status: planned.length ? ('planned' as const) : ('no_match' as const),
    query: body.query,
    mode: 'plan' as const,
    executed: false as const,
    plan: { steps: planned, truncated: steps.length > planned.length },
    recommendation: { servers: r.servers.map((s) => s.server.name), tools: r.tools.map((t) => `${t.tool.name}/${t.tool.tool}`) },
    message: planned.length
      ? 'Nothing was run: fill each call_tool step\'s params from its input_schema and send its request'
      : 'No server or tool in the catalog matches this task',
  };
}
