import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { createLogger } from '../../platform/logger.ts';
import type { Logger } from '../../platform/logger.ts';

/** PKCE S256 (RFC 7636): a verifier and its challenge. */
export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** Every log line the app writes, to search for secrets afterwards. */
export function capturedLogger(): { logger: Logger; text: () => string } {
  const lines: string[] = [];
  return { logger: createLogger('debug', {}, { write: (line: string) => void lines.push(line) }), text: () => lines.join('') };
}

/** A local HTTP server answering every request with `handler` (the client's callback, a metadata document). */
export async function localServer(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; url: string; close: () => Promise<void> }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const form = (fields: Record<string, string | undefined>) => {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) body.set(key, value);
  return body;
};

/**
 * A hosted MCP client speaking the public protocol over HTTP to `base`: registration,
 * authorization request, consent (through the REST route the console calls, with the
 * person's API key), code exchange, refresh and revocation.
 */
export function oauthClient(base: string, redirectUri = 'http://127.0.0.1:8976/callback') {
  return {
    redirectUri,
    async register(metadata: Record<string, unknown> = {}) {
      const response = await fetch(`${base}/oauth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_name: 'Test client', redirect_uris: [redirectUri], ...metadata }),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    /** GET /oauth/authorize without following: the status and where it sends the browser. */
    async authorize(params: Record<string, string | undefined>) {
      const response = await fetch(`${base}/oauth/authorize?${form(params)}`, { redirect: 'manual' });
      const body = response.status === 302 ? undefined : ((await response.json()) as Record<string, unknown>);
      return { status: response.status, location: response.headers.get('location'), body };
    },
    async consent(location: string, apiKey: string, decision: 'approve' | 'deny' = 'approve') {
      const handle = new URL(location).searchParams.get('request') ?? '';
      const response = await fetch(`${base}/oauth/consent`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
        body: JSON.stringify({ request: handle, decision }),
      });
      expect(response.status).toBe(200);
      return new URL(((await response.json()) as { redirect_to: string }).redirect_to);
    },
    async token(fields: Record<string, string | undefined>) {
      const response = await fetch(`${base}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form(fields) });
      return { status: response.status, body: (await response.json()) as Record<string, string>, headers: response.headers };
    },
    async revoke(fields: Record<string, string | undefined>) {
      const response = await fetch(`${base}/oauth/revoke`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form(fields) });
      return response.status;
    },
  };
}

/** The whole flow for a resource with the API route of consent: a registered client's tokens, and what it took to get them. */
/**
 * The hosted client's first steps, to the point of holding a code: registration, an authorization
 * request (S256; `resource` when given) and the person's consent with `apiKey`. Not exchanged.
 */
export async function authorizedCode(base: string, apiKey: string, options: { resource?: string; scope?: string; state?: string } = {}) {
  const client = oauthClient(base);
  const registered = await client.register();
  expect(registered.status).toBe(201);
  const clientId = registered.body.client_id as string;
  const { verifier, challenge } = pkce();
  const started = await client.authorize({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: client.redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: options.state,
    resource: options.resource,
    scope: options.scope,
  });
  expect(started.status).toBe(302);
  const callback = await client.consent(started.location ?? '', apiKey);
  return { client, clientId, verifier, code: callback.searchParams.get('code') ?? '' };
}

export async function obtainTokens(base: string, apiKey: string, options: { resource?: string; scope?: string } = {}) {
  const { client, clientId, verifier, code } = await authorizedCode(base, apiKey, { state: 'st-1', resource: options.resource ?? `${base}/mcp`, scope: options.scope });
  const exchanged = await client.token({ grant_type: 'authorization_code', code, code_verifier: verifier, client_id: clientId, redirect_uri: client.redirectUri });
  expect(exchanged.status).toBe(200);
  return { client, clientId, code, verifier, tokens: exchanged.body };
}

/** An MCP initialize on `url` with a bearer token: the status and the challenge. */
export async function mcpInitialize(url: string, token?: string) {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }),
  });
  await response.arrayBuffer();
  return { status: response.status, challenge: response.headers.get('www-authenticate') };
}
