import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import type { FastifyBaseLogger } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from '../platform/logger.ts';
import { oauthSettings } from './auth/tokens.ts';
import { createAuthenticator } from './auth/authenticate.ts';
import type { AppDeps } from './context.ts';
import { JobWatch } from './services/jobs/job-watch.ts';
import { authPlugin } from './plugins/auth.ts';
import { clientErrorHandler, frameworkErrors } from './plugins/client-errors.ts';
import { errorHandler } from './plugins/error-handler.ts';
import { inputGuard } from './plugins/input-guard.ts';
import { consolePlugin } from './plugins/console.ts';
import { ORPHAN_GRACE_MS, startOrphanedJobs } from './services/jobs/orphaned-jobs.ts';
import { mcpCorsPlugin } from './plugins/mcp-cors.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { telemetryPlugin } from './plugins/telemetry.ts';
import { observedRetrieval } from './services/retrieval/observed.ts';
import { resolveLimits } from './rate-limits.ts';
import type { DeclaredRoute } from './route-scopes.ts';
import { adminUserRoutes } from './routes/admin-users.ts';
import { accountRoutes } from './routes/account.ts';
import { authRoutes } from './routes/auth.ts';
import { discoveryRoutes } from './routes/retrieval/index.ts';
import { executeRoutes } from './routes/execution/execute-routes.ts';
import { jobRoutes } from './routes/execution/job-routes.ts';
import { webhookRoutes } from './routes/webhooks/webhook-routes.ts';
import { healthRoutes } from './routes/health.ts';
import { moderationRoutes } from './routes/moderation/index.ts';
import { billingPlugin } from './routes/billing/index.ts';
import { authCliRoutes } from './routes/auth-cli/index.ts';
import { analyticsRoutes } from './routes/analytics/index.ts';
import { freeToolRoutes } from './routes/free-tools/index.ts';
import { recommenderRoutes } from './routes/recommender/index.ts';
import { agentRoutes } from './routes/agent/index.ts';
import { registryAreaRoutes } from './routes/registry/index.ts';
import { trustRoutes } from './routes/trust/index.ts';
import { approvalRoutes } from './routes/trust/approvals.ts';
import { mcpAuthPlugin } from './mcp-face/auth/plugin.ts';
import { oauthConsentRoutes } from './routes/oauth/consent.ts';
import { oauthProtocolRoutes } from './routes/oauth/protocol.ts';
import { mcpPackRoutes } from './mcp-face/packs/routes.ts';
import { mcpRoutes } from './mcp-face/server/mcp-routes.ts';
import './route-config.ts';
import { reportIgnoredPatternsTo } from '../domain/linear-regexp.ts';

/** An incoming X-Request-Id is kept when it is a sane token; otherwise we make one. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Builds the HTTP application without listening: server.ts owns the process, tests use inject. */
declare module 'fastify' {
  interface FastifyInstance {
    /** The application's one job change notifier (DESIGN.md 9), shared by every face. */
    jobWatch: JobWatch;
    /** Every route as declared (method, path, config): what api/route-scopes.ts audits. */
    routeTable: DeclaredRoute[];
  }
}

export async function buildApp(given: AppDeps, logger: Logger) {
  // Retrieval latency, result counts and stage spans (issue 19), for every face at once.
  const deps: AppDeps = given.retrieval ? { ...given, retrieval: observedRetrieval(given.retrieval, given.config.searchBackend) } : given;
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    bodyLimit: deps.config.BODY_LIMIT_BYTES,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    // X-Forwarded-* only from the configured proxies (issue 33, item 7): with the API published
    // directly, `true` let any client pick the address its anonymous rate limits count under.
    trustProxy: deps.config.TRUSTED_PROXIES.length ? deps.config.TRUSTED_PROXIES : false,
    // Long ids reach the routes' own zod bounds (400 in our form) instead of the router's bare 414.
    routerOptions: { maxParamLength: 2048 },
    // A slow sender holds no socket for ever (issue 20): headers, then the whole request, must
    // arrive in time; Node checks every second instead of its default 30 s. No idle-socket
    // timeout (connectionTimeout): it would cut job streams and long direct executions.
    requestTimeout: deps.config.REQUEST_TIMEOUT_MS,
    http: { headersTimeout: deps.config.HEADERS_TIMEOUT_MS, requestTimeout: deps.config.REQUEST_TIMEOUT_MS, connectionsCheckingInterval: 1000 },
    clientErrorHandler,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  // A tool-schema pattern RE2 cannot run goes unchecked (decisions.md, "Hardening 2: linear-time
  // text"); the operator sees which, once per compiled schema.
  reportIgnoredPatternsTo((ignored) => logger.warn(ignored, 'tool schema pattern not checked: RE2 cannot run it'));
  // Before any route is added, so every one is recorded (the audit of rate scopes reads them).
  const routeTable: DeclaredRoute[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url, config: route.config ?? {} });
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Every body is JSON (spec, Endpoints): other media types are a 400, not a silent string.
  app.removeContentTypeParser('text/plain');
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });

  // One change notifier per application (DESIGN.md 9): REST job streams and the MCP face's
  // progress and tasks follow jobs through it. Closed after preClose has ended the streams.
  const jobWatch = new JobWatch(deps.db, logger);
  app.decorate('jobWatch', jobWatch);
  app.addHook('onClose', () => jobWatch.close());

  // Jobs whose API process was lost between writing the row and starting the run (api/services/jobs/orphaned-jobs.ts).
  const orphanSweep = setInterval(() => {
    startOrphanedJobs(deps, logger).catch((error: unknown) => logger.warn({ err: error }, 'the sweep for jobs never started failed; it runs again in a minute'));
  }, ORPHAN_GRACE_MS).unref();
  app.addHook('onClose', async () => clearInterval(orphanSweep));

  await app.register(errorHandler, { bodyLimit: deps.config.BODY_LIMIT_BYTES });
  // Metrics (GET /metrics, admin) and the request's trace span, before auth so both see every request.
  await app.register(telemetryPlugin, { metrics: deps.config.METRICS_ENABLED, db: deps.db });
  // Before auth and rate limits: they read params and query (NUL, surrogates, JSON depth).
  await app.register(inputGuard);
  await app.register(openApiPlugin);
  await app.register(mcpCorsPlugin);
  await app.register(authPlugin, { authenticate: createAuthenticator(deps.db, authSettings(deps)), freshAuthMaxAgeSeconds: deps.config.FRESH_AUTH_MAX_AGE_SECONDS });
  await app.register(rateLimitPlugin, { db: deps.db, limits: resolveLimits(deps.config.RATE_LIMITS), now: deps.now });
  // Before any route: the 401 challenge and resource metadata of /mcp/** (MCP authorization).
  await app.register(mcpAuthPlugin, { deps });

  for (const routes of [
    healthRoutes, authRoutes, adminUserRoutes, accountRoutes, executeRoutes, jobRoutes, webhookRoutes, discoveryRoutes, registryAreaRoutes, trustRoutes, approvalRoutes,
  ]) {
    await app.register(routes, { deps });
  }
  const areaRoutes = [moderationRoutes, billingPlugin, authCliRoutes, analyticsRoutes, freeToolRoutes, recommenderRoutes, agentRoutes, oauthProtocolRoutes, oauthConsentRoutes];
  for (const routes of areaRoutes) await app.register(routes, { deps });
  // The MCP face's flat-tool endpoints (packs, the caller's enabled servers).
  await app.register(mcpPackRoutes, { deps });
  // /mcp: Switchboard as one MCP server over the same services (api/mcp-face/README.md).
  await app.register(mcpRoutes, { deps });
  // /console: the web console, a face over the same REST routes (console/README.md).
  await app.register(consolePlugin);
  return app;
}

function authSettings(deps: AppDeps) {
  const { config, secrets } = deps;
  return {
    adminKey: secrets.adminKey,
    jwtSecret: secrets.jwtSecret,
    oauth: oauthSettings(config),
  };
}
