import { McpCancelledError, McpTimeoutError, toMcpClientError } from './errors.ts';

/** Largest delay setTimeout honours; longer values fire at once. */
export const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * Runs `work` with one AbortSignal that fires when `timeoutMs` passes or `signal` aborts.
 * The SDK sends `notifications/cancelled` for a request whose signal aborts, so passing
 * this signal down is what really cancels a call. Every rejection comes back as one of
 * our error classes: the timer → McpTimeoutError, the caller → McpCancelledError.
 */
export async function withDeadline<T>(
  server: string,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  work: (signal: AbortSignal) => Promise<T>,
  what = 'request',
): Promise<T> {
  if (signal?.aborted) throw new McpCancelledError(server, reasonText(signal.reason));
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new McpTimeoutError(server, timeoutMs, what));
  }, Math.min(timeoutMs, MAX_TIMEOUT_MS));
  const onAbort = () => controller.abort(new McpCancelledError(server, reasonText(signal?.reason)));
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    return await work(controller.signal);
  } catch (error) {
    if (timedOut) throw new McpTimeoutError(server, timeoutMs, what);
    if (signal?.aborted) throw new McpCancelledError(server, reasonText(signal.reason));
    throw toMcpClientError(server, error);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/** SDK-side timeout for a request we bound ourselves: later than ours, so ours always wins. */
export function backstopTimeout(timeoutMs: number): number {
  return Math.min(timeoutMs + 5_000, MAX_TIMEOUT_MS);
}

function reasonText(reason: unknown): string | undefined {
  if (reason === undefined) return undefined;
  if (reason instanceof Error) return reason.message;
  return String(reason);
}
