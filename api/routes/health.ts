import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../context.ts';

const PROBE_TIMEOUT_MS = 3_000;

// No error text: /health is anonymous, and a dependency's message names hosts, users and
// addresses ("password authentication failed for user …"). It goes to the log instead.
const check = z.object({ status: z.enum(['ok', 'error']), latency_ms: z.number() });
const healthBody = z.object({ status: z.enum(['ok', 'degraded']), checks: z.record(z.string(), check) });
const readyBody = z.object({
  status: z.enum(['starting', 'indexing', 'ready']),
  search: z.object({ indexed: z.number().int(), total: z.number().int() }),
  catalog: z.object({ synced: z.number().int(), servers: z.number().int() }).optional(),
});

async function probe(run: () => Promise<unknown>, failed: (error: Error) => void): Promise<z.infer<typeof check>> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS);
    });
    await Promise.race([run(), timeout]);
    return { status: 'ok', latency_ms: Math.round(performance.now() - started) };
  } catch (error) {
    failed(error as Error);
    return { status: 'error', latency_ms: Math.round(performance.now() - started) };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /health (liveness): 200 when every dependency answers, 503 (same body) when one does not.
 * Each dependency shows only ok or error and its latency; why it failed is in the log (warn).
 * GET /health/ready (readiness): 200 once retrieval answers as in steady state, 503 with the
 * indexing progress before (search/service/readiness.ts, docs/operators.md).
 */
export const healthRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/health',
    {
      config: { auth: 'none' },
      schema: { tags: ['auth'], summary: 'Status of the database, Temporal and search', response: { 200: healthBody, 503: healthBody } },
    },
    async (request, reply) => {
      const names = Object.keys(deps.healthChecks);
      const results = await Promise.all(
        names.map((name) => probe(deps.healthChecks[name], (err) => request.log.warn({ dependency: name, err }, 'health check failed'))),
      );
      const checks = Object.fromEntries(names.map((name, i) => [name, results[i]]));
      const healthy = results.every((r) => r.status === 'ok');
      return reply.status(healthy ? 200 : 503).send({ status: healthy ? 'ok' : 'degraded', checks });
    },
  );

  app.get(
    '/health/ready',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['auth'],
        summary: 'Whether retrieval answers as in steady state: the bundled catalog synced and every registry tool indexed with its vector',
        response: { 200: readyBody, 503: readyBody },
      },
    },
    async (_request, reply) => {
      if (!deps.readiness) return reply.send({ status: 'ready', search: { indexed: 0, total: 0 } });
      const report = await deps.readiness.report();
      return reply.status(report.status === 'ready' ? 200 : 503).send(report);
    },
  );
};
