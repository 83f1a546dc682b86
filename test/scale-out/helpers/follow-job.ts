import { parseSse } from '../../execution/helpers/sse.ts';

const FINAL = new Set(['completed', 'failed', 'canceled', 'timeout']);

export interface Followed {
  jobId: string;
  /** (event id, job status) of every `job` event received, in order, over every connection. */
  events: { id: number; status: string }[];
  /** The base URL of each connection made, in order (the first is the API the stream was opened on). */
  connections: string[];
  final?: string;
  /** Why following stopped without a final event. */
  error?: string;
}

/**
 * Follows `GET /jobs/{id}/stream` the way a client behind a load balancer does: opened on
 * `bases[0]`; when the connection ends without a final event (its replica was killed, or sent
 * `shutdown`) it reconnects to the next base with Last-Event-ID, so it receives only changes it
 * has not seen. Resolves once a final state arrived, or after `ceilingMs` with `error` set.
 */
export async function followJob(bases: string[], jobId: string, headers: Record<string, string>, ceilingMs: number): Promise<Followed> {
  const followed: Followed = { jobId, events: [], connections: [] };
  const deadline = Date.now() + ceilingMs;
  let lastId: number | undefined;
  for (let attempt = 0; Date.now() < deadline; attempt++) {
    const base = bases[attempt % bases.length] as string;
    followed.connections.push(base);
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), Math.max(0, deadline - Date.now()));
    try {
      const response = await fetch(`${base}/jobs/${jobId}/stream`, {
        headers: { ...headers, ...(lastId !== undefined ? { 'last-event-id': String(lastId) } : {}) },
        signal: abort.signal,
      });
      if (response.status !== 200) {
        followed.error = `stream on ${base} answered ${response.status}: ${await response.text()}`;
      } else {
        let buffer = '';
        const decoder = new TextDecoder();
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          const cut = buffer.lastIndexOf('\n\n');
          if (cut < 0) continue;
          for (const event of parseSse(buffer.slice(0, cut + 2))) {
            if (event.event !== undefined && event.event !== 'job') continue;
            const status = (JSON.parse(event.data) as { status: string }).status;
            const id = Number(event.id);
            followed.events.push({ id, status });
            lastId = id;
            if (FINAL.has(status)) followed.final = status;
          }
          buffer = buffer.slice(cut + 2);
          if (followed.final) break;
        }
      }
    } catch (error) {
      // The replica went away mid-stream or refused the connection: reconnect elsewhere.
      followed.error = `stream on ${base}: ${(error as Error).message}`;
    } finally {
      clearTimeout(timer);
      abort.abort();
    }
    if (followed.final) {
      delete followed.error;
      return followed;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  followed.error ??= `no final event within ${ceilingMs} ms`;
  return followed;
}
