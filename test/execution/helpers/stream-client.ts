import { parseSse } from './sse.ts';
import type { SseEvent } from './sse.ts';

/** An open `GET /jobs/{id}/stream` over real HTTP, read as events arrive. */
export interface OpenStream {
  status: number;
  /** The body of a refused request (not a stream). */
  body?: unknown;
  /** Events received so far, each with the time it arrived (ms since the stream opened). */
  events: (SseEvent & { at: number })[];
  /** Resolves when the server ends the stream (or the client closes it). */
  ended: Promise<void>;
  /** Resolves with the first event that matches, or rejects after `timeoutMs`. */
  waitFor(match: (e: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent & { at: number }>;
  close(): void;
}

export async function openStream(baseUrl: string, jobId: string, headers: Record<string, string>): Promise<OpenStream> {
  const abort = new AbortController();
  const opened = Date.now();
  const response = await fetch(`${baseUrl}/jobs/${jobId}/stream`, { headers, signal: abort.signal });
  const events: (SseEvent & { at: number })[] = [];
  const waiters = new Set<() => void>();
  if (response.status !== 200) {
    const body = await response.json().catch(() => undefined);
    return { status: response.status, body, events, ended: Promise.resolve(), waitFor: () => Promise.reject(new Error('not a stream')), close() {} };
  }
  let buffer = '';
  let done = false;
  const decoder = new TextDecoder();
  const ended = (async () => {
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        const cut = buffer.lastIndexOf('\n\n');
        if (cut < 0) continue;
        for (const event of parseSse(buffer.slice(0, cut + 2))) events.push({ ...event, at: Date.now() - opened });
        buffer = buffer.slice(cut + 2);
        for (const wake of waiters) wake();
      }
    } catch {
      // aborted by close()
    } finally {
      done = true;
      for (const wake of waiters) wake();
    }
  })();
  return {
    status: 200,
    events,
    ended,
    close: () => abort.abort(),
    waitFor(match, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (found) return finish(() => resolve(found));
          if (done) finish(() => reject(new Error(`stream ended without the event; got ${JSON.stringify(events)}`)));
        };
        const timer = setTimeout(() => finish(() => reject(new Error(`no matching event in ${timeoutMs} ms; got ${JSON.stringify(events)}`))), timeoutMs);
        const finish = (then: () => void) => {
          clearTimeout(timer);
          waiters.delete(check);
          then();
        };
        waiters.add(check);
        check();
      });
    },
  };
}

/** The Job carried by a `job` event. */
export const jobOf = (e: SseEvent) => JSON.parse(e.data) as { status: string; progress?: { percentage: number; current_step: string } };
