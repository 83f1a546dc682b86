import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../context.ts';
import { originOf } from '../../error-forms.ts';
import { AppError } from '../../errors.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { RateLimitOptions } from '../../plugins/rate-limit.ts';
import { resolveLimits } from '../../rate-limits.ts';
import type { Logger } from '../../../platform/logger.ts';
import { loopbackHostGuard } from './host-check.ts';
import { createMcpServer } from './mcp-server.ts';
import { admitMcpPost, refusalsOf } from './rpc-batch.ts';
import { rateScopeOf, summarize } from './rpc-message.ts';

const summary = (request: FastifyRequest) => summarize(request.body);

// "user": the tools act for a user (jobs, scope, query events); the admin key alone has none.
const config = { auth: 'user' as const, errorStatuses: [403, 429] };
const schema = { hide: true }; // JSON-RPC: described by MCP's own tools/list, not OpenAPI.

/** The Node request as the SDK's web-standard transport reads it; the body is already parsed. */
function webRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return new Request(new URL(request.url, 'http://localhost'), { method: request.method, headers });
}

/**
 * /mcp: Switchboard as one MCP server (streamable HTTP, 2025-11-25), stateless. Each POST
 * gets its own server and transport for the authenticated user (README.md: why no sessions);
 * GET (a server-to-client stream) and DELETE (end a session) have nothing to serve: 405.
 * Authentication, plans and rate limits are the REST API's own hooks.
 */
export const mcpRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const watch = app.jobWatch;
  const limits: RateLimitOptions = { db: deps.db, limits: resolveLimits(deps.config.RATE_LIMITS), now: deps.now };
  const checkHost = loopbackHostGuard(deps.config.HOST);

  app.addHook('onRequest', async (request) => checkHost?.(request.headers.host));

  app.post('/mcp', {
    config,
    schema,
    // Each message counts against its tool's declared scope (rpc-message.ts rateScopeOf).
    preHandler: async (request, reply) => admitMcpPost(request, reply, { limits, scopeOf: rateScopeOf }),
  }, async (request, reply) => {
    if (!deps.retrieval) throw new AppError('SERVICE_UNAVAILABLE', 'This API process has no retrieval service');
    const scopes = request.principal?.kind === 'user' ? request.principal.grant?.scopes : undefined;
    const caller = {
      deps,
      userId: currentUser(request).id,
      origin: originOf(request),
      log: request.log as Logger,
      watch,
      refused: refusalsOf(request),
      ...(scopes ? { scopes } : {}),
    };
    const server = createMcpServer(caller);
    // A plain JSON answer unless the call asked for progress, which needs the response's SSE stream.
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: !summary(request).progress });
    await server.connect(transport);
    // The server lives as long as its one request: its stream ends, or the client goes away.
    reply.raw.once('close', () => {
      server.close().catch((err: unknown) => request.log.warn({ err }, 'mcp server close failed'));
    });
    return transport.handleRequest(webRequest(request), { parsedBody: request.body });
  });

  const notAllowed = async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.status(405).header('allow', 'POST').send({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this server keeps no sessions; POST each message' }, id: null });
  app.get('/mcp', { config, schema }, notAllowed);
  app.delete('/mcp', { config, schema }, notAllowed);
};
