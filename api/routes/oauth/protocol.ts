import type { FastifyError, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Logger } from '../../../platform/logger.ts';
import type { AppDeps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { baseUrlOf } from '../../mcp-face/auth/resource.ts';
import { authorizationQuery, startAuthorization } from '../../services/oauth/authorize.ts';
import { OAuthError } from '../../services/oauth/errors.ts';
import { authorizationServerMetadata, openIdConfiguration } from '../../services/oauth/metadata.ts';
import { registerClient } from '../../services/oauth/registration.ts';
import { revocationRequest, revoke, token, tokenRequest } from '../../services/oauth/token-endpoint.ts';

const tags = ['oauth'];
const oauthError = z.object({ error: z.string(), error_description: z.string().optional() });
const open = { auth: 'none' as const, rateScope: 'public_write' as const };
/** Every failure here answers in the RFC form (the handler below), 429 and 500 included: so the document says. */
const failures = { 400: oauthError, 429: oauthError, 500: oauthError };

/** OAuth clients read `{ error, error_description }`; the REST forms would be noise to them. The description never holds a secret. */
function sendOAuthError(reply: FastifyReply, log: Logger, error: unknown) {
  if (error instanceof OAuthError) {
    log.info({ oauth_error: error.error, description: error.description }, 'oauth request refused');
    return reply.status(error.status).header('cache-control', 'no-store').send(error.body);
  }
  if (error instanceof AppError && error.status === 429) {
    const retryAfter = error.extra?.retry_after;
    if (typeof retryAfter === 'number') reply.header('Retry-After', String(retryAfter));
    return reply.status(429).send({ error: 'slow_down', error_description: error.message });
  }
  const status = (error as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) return reply.status(400).send({ error: 'invalid_request', error_description: 'The request could not be read' });
  log.error({ err: error }, 'oauth endpoint failed');
  return reply.status(500).send({ error: 'server_error', error_description: 'Internal server error' });
}

/** A body as the OAuth RFCs send it (form-encoded), or JSON; each field once. */
function fields(body: unknown): Record<string, unknown> {
  return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
}

/**
 * The authorization server's protocol endpoints (issue 36, item 1): metadata (RFC 8414 and the
 * OpenID discovery address), registration (RFC 7591), authorization, token, revocation (RFC 7009).
 * Encapsulated: the form parser and the RFC error form apply here only.
 */
export const oauthProtocolRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    const params = new URLSearchParams(body as string);
    const out: Record<string, string> = {};
    for (const [key, value] of params) {
      // A parameter sent twice is a malformed request (RFC 6749 section 3.2), not a choice for us to make.
      if (key in out) return done(new OAuthError('invalid_request', `${key.slice(0, 50)} is repeated`), undefined);
      out[key] = value;
    }
    done(null, out);
  });
  app.setErrorHandler((error, request, reply) => sendOAuthError(reply, request.log as Logger, error));

  const metadataRoute = { config: { auth: 'none' as const }, schema: { tags, response: { 200: z.looseObject({ issuer: z.string() }), 400: oauthError, 500: oauthError } } };
  app.get('/.well-known/oauth-authorization-server', metadataRoute, async (request) => authorizationServerMetadata(baseUrlOf(request)));
  app.get('/.well-known/openid-configuration', metadataRoute, async (request) => openIdConfiguration(baseUrlOf(request)));
  app.get('/oauth/jwks', { config: { auth: 'none' }, schema: { tags, response: { 200: z.object({ keys: z.array(z.never()) }), 400: oauthError, 500: oauthError } } }, async () => ({ keys: [] }));

  app.post('/oauth/register', { config: open, schema: { tags, response: { 201: z.looseObject({ client_id: z.string() }), ...failures } } }, async (request, reply) => {
    const client = await registerClient(deps, fields(request.body));
    request.log.info({ clientId: client.client_id }, 'oauth client registered');
    return reply.status(201).header('cache-control', 'no-store').send(client);
  });

  // A browser's address, answered only with redirects (or an RFC error): described by the metadata document, not OpenAPI.
  app.get('/oauth/authorize', { config: open, schema: { tags, querystring: authorizationQuery, hide: true } }, async (request, reply) => {
    const outcome = await startAuthorization(deps, baseUrlOf(request), request.query);
    if (outcome.kind === 'refuse') throw outcome.error;
    return reply.redirect(outcome.location, 302);
  });

  app.post('/oauth/token', { config: open, schema: { tags, response: { 200: z.looseObject({ access_token: z.string() }), 401: oauthError, ...failures } } }, async (request, reply) => {
    const parsed = tokenRequest.safeParse(fields(request.body));
    if (!parsed.success) throw new OAuthError('invalid_request', 'A parameter is too long or not text');
    const answer = await token({ deps, base: baseUrlOf(request), log: request.log as Logger }, parsed.data);
    return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').send(answer);
  });

  app.post('/oauth/revoke', { config: open, schema: { tags, response: { 200: z.object({}), ...failures } } }, async (request, reply) => {
    const parsed = revocationRequest.safeParse(fields(request.body));
    if (!parsed.success) throw new OAuthError('invalid_request', 'A parameter is too long or not text');
    await revoke({ deps, base: baseUrlOf(request), log: request.log as Logger }, parsed.data);
    return reply.status(200).send({});
  });
};
