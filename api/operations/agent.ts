import { z } from 'zod';
import { AGENT_LIMITS } from '../../contracts/index.ts';
import { findUserById } from '../../db/users.ts';
import { unauthorized } from '../errors.ts';
import { requireModel, startAgentRun } from '../services/agent/runs.ts';
import { defineOperation } from './operation.ts';
import { queryText } from './retrieval-schemas.ts';

const int = z.number().int();

/** POST /agent/execute with mode "execute", in its limits (api/routes/agent), as MCP run_agent. */
export const runAgent = defineOperation({
  name: 'run_agent',
  description: "Run a task to its end with the service's language model, which calls your enabled tools. Returns the answer and the transcript.",
  input: z.object({
    query: queryText.describe('The task, in plain words'),
    max_steps: int.min(1).max(AGENT_LIMITS.steps.max).default(AGENT_LIMITS.steps.default),
    max_tokens: int.min(1).max(AGENT_LIMITS.tokens.max).default(AGENT_LIMITS.tokens.default),
    wait_ms: int.min(0).max(60_000).default(10_000).describe('How long to wait for the run to end before answering it as running'),
  }),
  output: z.looseObject({ run_id: z.string(), status: z.string(), stop_reason: z.string().nullable(), answer: z.string().nullable(), transcript: z.array(z.unknown()) }),
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
    const error = (run as { error?: { message?: string } | null }).error;
    if (run.status === 'running') return `Run ${run.run_id} is still running; read it at GET /agent/runs/${run.run_id}`;
    return run.answer ?? `Run ${run.run_id} ${run.status}: ${error?.message ?? run.stop_reason}`;
  },
});
