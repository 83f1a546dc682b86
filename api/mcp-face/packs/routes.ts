import { randomUUID } from 'node:crypto';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { User } from '../../../db/schema/index.ts';
import type { Logger } from '../../../platform/logger.ts';
import type { AppDeps } from '../../context.ts';
import { originOf } from '../../error-forms.ts';
import { invalidRequest, notFound } from '../../errors.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { RateLimitOptions } from '../../plugins/rate-limit.ts';
import { resolveLimits } from '../../rate-limits.ts';
import type { RateScope } from '../../route-config.ts';
import { executeTool } from '../../operations/execution.ts';
import { enabledToolSet, packToolSet } from '../../services/registry/tool-sets.ts';
import { loopbackHostGuard } from '../server/host-check.ts';
import { admitMcpPost, refusalsOf } from '../server/rpc-batch.ts';
import type { RpcSummary } from '../server/rpc-message.ts';
import { ENABLED_ENDPOINT, PACK_ENDPOINT } from './endpoints.ts';
import { DEFAULT_SESSION_OPTIONS, ToolSetSessions } from './sessions.ts';
import type { SessionOptions } from './sessions.ts';
import { createToolSetServer, loadListing } from './tool-set-server.ts';
import type { Caller, ToolSetScope } from './tool-set-server.ts';

const packParams = z.object({ pack_id: z.string().min(1).max(64) });
const SESSION_HEADER = 'mcp-session-id';

function packScope(packId: string): ToolSetScope {
  return { key: `pack:${packId}`, label: `pack-${packId}`, load: (deps, user) => packToolSet(deps, user, packId) };
}

const enabledScope: ToolSetScope = { key: 'enabled', label: 'enabled-servers', load: enabledToolSet };

/**
 * Every tools/call here is the execute_tool operation, whatever the flat name (the tools are the
 * user's own, so there is no list to forget one from): its declared scope; listing is not
 * limited, as on REST.
 */
export const rateScopeOf = (summary: RpcSummary): RateScope | undefined =>
  summary.method === 'tools/call' ? (executeTool.rateScope ?? undefined) : undefined;

/**
 * Streamable HTTP (MCP 2025-11-25, with sessions: tools/list_changed needs the session's GET
 * stream) for one tool set. Fastify authenticates the request first, exactly as REST
 * ("user" level: the admin key has no tools of its own); the SDK transport then answers on
 * the raw response. A session belongs to the user who opened it: anyone else, or another
 * endpoint, gets the 404 of an unknown session.
 */
export const mcpPackRoutes: FastifyPluginAsyncZod<{ deps: AppDeps; sessions?: Partial<SessionOptions> }> = async (app, { deps, sessions: options }) => {
  const sessions = new ToolSetSessions(deps, app.log as Logger, { ...DEFAULT_SESSION_OPTIONS, ...options });
  // preClose: open GET streams would otherwise keep the server from closing.
  app.addHook('preClose', async () => sessions.closeAll());
  const limits: RateLimitOptions = { db: deps.db, limits: resolveLimits(deps.config.RATE_LIMITS), now: deps.now };
  // The same DNS-rebinding guard as /mcp (encapsulated: these routes only).
  const checkHost = loopbackHostGuard(deps.config.HOST);
  app.addHook('onRequest', async (request) => checkHost?.(request.headers.host));

  async function openSession(scope: ToolSetScope, fingerprint: string, user: User): Promise<StreamableHTTPServerTransport> {
    const open = () => (transport.sessionId ? sessions.get(transport.sessionId) : undefined);
    const server = createToolSetServer(deps, scope, {
      latest: () => open()?.listing,
      remember: (listing, shown) => {
        const session = open();
        if (!session) return;
        session.listing = listing;
        if (shown) session.fingerprint = listing.fingerprint;
      },
    });
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      // Answers as plain JSON: nothing is sent inside a request here (no progress relay);
      // list_changed travels on the session's GET stream, which stays SSE.
      enableJsonResponse: true,
      onsessioninitialized: (id) => {
        server.onclose = () => void sessions.close(id);
        sessions.add({ id, scope, user, transport, server, fingerprint, lastUsed: Date.now() });
      },
    });
    await server.connect(transport);
    return transport;
  }

  async function serve(request: FastifyRequest, reply: FastifyReply, scope: ToolSetScope): Promise<void> {
    const user = currentUser(request);
    const sessionId = request.headers[SESSION_HEADER];
    let transport: StreamableHTTPServerTransport;
    if (typeof sessionId === 'string') {
      const session = sessions.get(sessionId);
      if (!session || session.user.id !== user.id || session.scope.key !== scope.key) throw notFound('NOT_FOUND', 'Unknown or closed MCP session: initialize a new one');
      session.user = user;
      session.lastUsed = Date.now();
      transport = session.transport;
    } else {
      if (request.method !== 'POST' || !isInitializeRequest(request.body)) throw invalidRequest('Send initialize first, or the Mcp-Session-Id header of an open session', 'mcp-session-id', 'required');
      // The access rule (404 for a pack the user may not see) answers before any session exists.
      transport = await openSession(scope, (await loadListing(deps, scope, user)).fingerprint, user);
    }
    const scopes = request.principal?.kind === 'user' ? request.principal.grant?.scopes : undefined;
    const caller: Caller = { user, origin: originOf(request), log: request.log as Logger, refused: refusalsOf(request), ...(scopes ? { scopes } : {}) };
    const auth: AuthInfo = { token: '', clientId: user.id, scopes: [], extra: { caller } };
    // Headers the hooks set (X-Request-Id, rate-limit counters) go out on the raw response too.
    reply.hijack();
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value as string);
    await transport.handleRequest(Object.assign(request.raw, { auth }), reply.raw, request.body);
  }

  /** As on /mcp: every line of the request names its MCP method (and tool), and a tool call counts as an execution. */
  const preHandler = (request: FastifyRequest, reply: FastifyReply) => admitMcpPost(request, reply, { limits, scopeOf: rateScopeOf });

  const config = { auth: 'user' as const };
  const methods: ('GET' | 'POST' | 'DELETE')[] = ['GET', 'POST', 'DELETE'];
  app.route({
    method: methods,
    url: PACK_ENDPOINT,
    config: { ...config, errorStatuses: [404, 429] },
    schema: { tags: ['mcp'], params: packParams, hide: true },
    preHandler,
    handler: async (request, reply) => serve(request, reply, packScope(request.params.pack_id)),
  });
  app.route({
    method: methods,
    url: ENABLED_ENDPOINT,
    config: { ...config, errorStatuses: [404, 429] },
    schema: { tags: ['mcp'], hide: true },
    preHandler,
    handler: async (request, reply) => serve(request, reply, enabledScope),
  });
};
