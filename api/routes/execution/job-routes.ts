import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { JOB_STATUSES } from '../../../db/schema/index.ts';
import type { AppDeps } from '../../context.ts';
import { currentUser } from '../../plugins/auth.ts';
import { listJobs, ownJob } from '../../services/jobs/jobs.ts';
import { JobStreams } from '../../services/jobs/job-stream.ts';
import { pagination } from '../../schemas.ts';
import type { Logger } from '../../../platform/logger.ts';
import * as responses from '../../operations/execution-schemas.ts';
import { cancelJob, getJob, submitJob } from '../../operations/execution.ts';
import { restConfig } from '../../operations/operation.ts';
import { lastEventIdHeaders, openEventStream } from '../event-stream.ts';

const tags = ['jobs'];
const required = { auth: 'required' as const };
const jobParams = z.object({ job_id: z.string().min(1).max(100) });

/** Background jobs (spec, Execution and jobs): submit, read, list, cancel, stream. */
export const jobRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  // One per application: its change notifier serves every stream; on close they get a final event.
  const streams = new JobStreams(deps.db, app.log as Logger, app.jobWatch);
  app.addHook('preClose', () => streams.shutdown());

  app.post(
    '/jobs/submit',
    {
      config: restConfig(submitJob),
      schema: { tags, body: submitJob.input, response: { 200: submitJob.output } },
    },
    async (request) => submitJob.call({ deps, userId: currentUser(request).id }, request.body),
  );

  app.get(
    '/jobs',
    { config: required, schema: { tags, querystring: pagination.extend({ status: z.enum(JOB_STATUSES).optional() }), response: { 200: responses.jobList } } },
    async (request) => listJobs(deps, currentUser(request).id, request.query),
  );

  // The get_job and cancel_job operations (api/operations/execution.ts): the id in the path,
  // cancel's reason in the query.
  app.get('/jobs/:job_id', { config: restConfig(getJob), schema: { tags, params: getJob.input, response: { 200: getJob.output } } }, async (request) =>
    getJob.call({ deps, userId: currentUser(request).id }, request.params),
  );

  app.delete(
    '/jobs/:job_id',
    {
      config: restConfig(cancelJob),
      schema: { tags, params: cancelJob.input.pick({ job_id: true }), querystring: cancelJob.input.pick({ reason: true }), response: { 200: cancelJob.output } },
    },
    async (request) => cancelJob.call({ deps, userId: currentUser(request).id }, { ...request.params, ...request.query }),
  );

  app.get(
    '/jobs/:job_id/stream',
    {
      // 429: the plan's cap on open streams (decisions.md); 503: the stream cannot be served now.
      config: { ...required, errorStatuses: [429, 503] },
      schema: {
        tags,
        params: jobParams,
        headers: lastEventIdHeaders,
        response: { 200: { description: 'Server-sent events of the job until it ends', content: { 'text/event-stream': { schema: z.string() } } } },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const jobId = request.params.job_id;
      await ownJob(deps, user.id, jobId); // 404 before the stream starts
      const lease = await streams.admit(user, jobId); // 429 beyond the plan's open streams
      const closed = openEventStream(request, reply);
      try {
        await streams.serve(lease, jobId, request.headers['last-event-id'] ?? 0, reply.raw, closed);
      } catch (err) {
        // Headers are gone already: the stream is ended; the client reconnects with Last-Event-ID.
        request.log.error({ err }, 'job stream failed');
      }
    },
  );
};
