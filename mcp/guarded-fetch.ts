import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import type { IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import { guardedConnectOptions } from './outbound-guard.ts';
import type { TargetPolicy } from './outbound-guard.ts';

/** The fetch shape the MCP SDK's HTTP transports take (`opts.fetch`): the SDK's own type. */
export type { FetchLike };

/** Statuses whose Response may not have a body (the constructor throws otherwise). */
export const NULL_BODY_STATUSES: ReadonlySet<number> = new Set([101, 103, 204, 205, 304]);

function responseFrom(res: IncomingMessage): Response {
  const headers = new Headers();
  for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) headers.append(res.rawHeaders[i] as string, res.rawHeaders[i + 1] as string);
  const status = res.statusCode ?? 502;
  const body = NULL_BODY_STATUSES.has(status) ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>);
  if (!body) res.resume();
  return new Response(body, { status, statusText: res.statusMessage, headers });
}

/**
 * A fetch over node:http(s) whose every connection goes through the target policy
 * (outbound-guard.ts): Node's global fetch (undici) takes no `lookup`, and undici's Agent is
 * not ours to import here (mcp/README.md). Redirects are never followed: a 3xx comes back as
 * it is, so a caller that follows one (the SDK, within the origin) calls this again and the
 * new target is checked like the first. Failures reject like undici's: TypeError('fetch
 * failed') with the cause, so the SDK and errors.ts classify them the same way.
 */
export function createGuardedFetch(policy: TargetPolicy): FetchLike {
  // Keep-alive sockets are reused only for the host:port they were checked for.
  const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };
  return async (input, init = {}) => {
    const url = new URL(input instanceof URL ? input.href : String(input));
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError('fetch failed', { cause: new Error(`unsupported protocol ${url.protocol}`) });
    let connect: ReturnType<typeof guardedConnectOptions>;
    try {
      connect = guardedConnectOptions(url, policy);
    } catch (error) {
      throw new TypeError('fetch failed', { cause: error });
    }
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const body = init.body == null ? undefined : Buffer.from(await new Response(init.body).arrayBuffer());
    const https = url.protocol === 'https:';
    const send = https ? httpsRequest : httpRequest;
    return new Promise<Response>((resolve, reject) => {
      const req = send(
        url,
        {
          method: init.method ?? 'GET',
          headers: body ? { ...headers, 'content-length': String(body.length) } : headers,
          agent: https ? agents.https : agents.http,
          ...(init.signal ? { signal: init.signal } : {}),
          ...connect,
        },
        (res) => resolve(responseFrom(res)),
      );
      req.on('error', (error) => reject(error.name === 'AbortError' ? error : new TypeError('fetch failed', { cause: error })));
      req.end(body);
    });
  };
}
