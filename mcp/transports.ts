import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Logger } from 'pino';
import { boundedFetch } from './bounded-fetch.ts';
import { GroupStdioTransport } from './group-stdio-transport.ts';
import type { FetchLike } from './guarded-fetch.ts';
import type { LaunchConfig } from './launch-config.ts';
import type { MessageCap } from './read-limits.ts';

/** The wire a session actually runs on (`http` resolves to one of the two HTTP kinds). */
export type TransportKind = 'stdio' | 'streamable-http' | 'sse';

/**
 * Creates the SDK transport for one concrete kind. Nothing is started yet. `base`, when given,
 * carries every HTTP request of the session (the SSE stream's GET included): the pool passes
 * the guarded one for servers whose targets must be public (guarded-fetch.ts).
 */
export function createTransport(launch: LaunchConfig, kind: TransportKind, logger: Logger, cap: MessageCap, base?: FetchLike): Transport {
  if (launch.type === 'stdio') {
    // Its own process group (a Ctrl-C reaches only the service, which closes it last); stderr
    // is piped, not inherited: a child must not write into our log stream unstructured.
    const transport = new GroupStdioTransport({ command: launch.command, args: launch.args, env: launch.env, cwd: launch.cwd, ...cap });
    forwardStderr(transport, logger);
    return transport;
  }
  const url = new URL(launch.url);
  const requestInit = launch.headers ? { headers: launch.headers } : undefined;
  // Every response body is read through the byte cap (bounded-fetch.ts), over the guarded fetch when there is one.
  const fetch = boundedFetch(cap.maxMessageBytes, cap.onOversize, base);
  if (kind === 'sse') return new SSEClientTransport(url, { requestInit, fetch });
  return new StreamableHTTPClientTransport(url, { requestInit, fetch });
}

/** Kinds to try in order: a plain `http` server gets Streamable HTTP first, then legacy SSE. */
export function candidateKinds(launch: LaunchConfig): TransportKind[] {
  if (launch.type === 'http') return ['streamable-http', 'sse'];
  return [launch.type];
}

/**
 * True when a Streamable HTTP attempt failed in the way an old HTTP+SSE server fails:
 * it answered the POST with a 4xx (404/405 for an unknown endpoint, 400 for a bad body).
 * A refused connection is not a reason to try SSE: that server is simply down.
 */
export function shouldFallBackToSse(error: unknown): boolean {
  return error instanceof StreamableHTTPError && typeof error.code === 'number' && error.code >= 400 && error.code < 500;
}

/** Child stderr goes to the debug log, one line per entry, capped, so it can never flood. */
function forwardStderr(transport: GroupStdioTransport, logger: Logger): void {
  let pending = '';
  transport.stderr.on('data', (chunk: Buffer) => {
    pending += chunk.toString('utf8');
    const lines = pending.split('\n');
    pending = (lines.pop() ?? '').slice(-4096);
    for (const line of lines) if (line.trim()) logger.debug({ stderr: line.slice(0, 1000) }, 'mcp server stderr');
  });
}
