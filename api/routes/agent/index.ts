import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Logger } from '../../../platform/logger.ts';
import type { AppDeps } from '../../context.ts';
import { currentUser } from '../../plugins/auth.ts';
import { enforceRateLimit } from '../../plugins/rate-limit.ts';
import { resolveLimits } from '../../rate-limits.ts';
import { cancelRun, getRun, runAgent } from '../../operations/agent.ts';
import { restConfig } from '../../operations/operation.ts';
import { planAgentTask } from '../../services/agent/plan.ts';
import { AgentRunStreams } from '../../services/agent/run-streams.ts';
import { ownRun, requireModel } from '../../services/agent/runs.ts';
import { agentPlan, agentRun } from './responses.ts';
import { lastEventIdHeaders, openEventStream } from '../event-stream.ts';

const tags = ['agent'];
// The stream's address; the run's read and cancel take theirs from the operations.
const runParams = getRun.input;

/**
 * POST /agent/execute: mode "plan" answers a plan from the recommender (runs nothing); mode
 * "execute" runs the task to its end as agentRunWorkflow with the configured model
 * (decisions.md, "Agent runs"). GET/DELETE /agent/runs/{id} and its SSE stream follow a run.
 */
export const agentRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const limits = resolveLimits(deps.config.RATE_LIMITS);
  // One per application: one LISTEN serves every run stream; on close they get a final event.
  const streams = new AgentRunStreams(deps.db, app.log as Logger);
  app.addHook('preClose', () => streams.shutdown());

  app.post(
    '/agent/execute',
    {
      // 401: a run needs a user; 429: the plan's execution rate or concurrency; 503: no retrieval here.
      // Both modes search (a plan is the recommender's), so every call counts as retrieval.
      config: { auth: 'optional', rateScope: 'retrieval', errorStatuses: [401, 403, 429, 503] },
      schema: {
        tags,
        // The run_agent operation's fields plus the REST form's mode (api/operations/agent.ts).
        body: runAgent.input.extend({ mode: z.enum(['plan', 'execute']).default('plan') }).strict(),
        response: {
          200: z.union([agentPlan, agentRun]).describe('The plan (mode "plan"), or the run that ended within wait_ms (mode "execute")'),
          202: agentRun.describe('The run, still running after wait_ms: follow it at GET /agent/runs/{run_id} or its stream'),
        },
      },
    },
    async (request, reply) => {
      const { mode, ...args } = request.body;
      if (mode === 'plan') return planAgentTask(deps.db, request.principal?.kind === 'user' ? request.principal.user.id : null, request.body);
      requireModel(deps); // no model: 400 naming the settings, before the caller's identity is asked for
      const user = currentUser(request);
      // A run counts as an execution of the plan (mode "plan" runs nothing and does not).
      await enforceRateLimit({ db: deps.db, limits, now: deps.now }, request, reply, 'execution');
      const run = await runAgent.call({ deps, userId: user.id }, args);
      return reply.code(run.status === 'running' ? 202 : 200).send(run);
    },
  );

  // The get_agent_run and cancel_agent_run operations (api/operations/agent.ts).
  app.get('/agent/runs/:run_id', { config: restConfig(getRun), schema: { tags, params: getRun.input, response: { 200: getRun.output } } }, async (request) =>
    getRun.call({ deps, userId: currentUser(request).id }, request.params),
  );

  app.delete('/agent/runs/:run_id', { config: restConfig(cancelRun), schema: { tags, params: cancelRun.input, response: { 200: cancelRun.output } } }, async (request) =>
    cancelRun.call({ deps, userId: currentUser(request).id }, request.params),
  );

  app.get(
    '/agent/runs/:run_id/stream',
    {
      // 429: the plan's cap on open streams, shared with job streams (decisions.md); 503: shutting down.
      config: { auth: 'required', errorStatuses: [429, 503] },
      schema: {
        tags,
        params: runParams,
        headers: lastEventIdHeaders,
        response: { 200: { description: 'Server-sent events: one `step` per transcript entry, then `run` when it has ended', content: { 'text/event-stream': { schema: z.string() } } } },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const runId = request.params.run_id;
      await ownRun(deps, user.id, runId); // 404 before the stream starts
      const lease = await streams.admit(user, runId); // 429 beyond the plan's open streams
      const closed = openEventStream(request, reply);
      try {
        await streams.serve(lease, runId, request.headers['last-event-id'] ?? -1, reply.raw, closed);
      } catch (err) {
        request.log.error({ err }, 'agent run stream failed');
      }
    },
  );
};
