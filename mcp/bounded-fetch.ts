import { NULL_BODY_STATUSES } from './guarded-fetch.ts';
import type { FetchLike } from './guarded-fetch.ts';
import { MessageTooLargeError } from './read-limits.ts';
import type { OnOversize } from './read-limits.ts';

const LF = 0x0a;
const CR = 0x0d;

/** The JSON-RPC request ids in a POST body we sent (a message or a batch); none for anything else. */
function requestIds(body: unknown): Array<string | number> {
  if (typeof body !== 'string') return [];
  try {
    const parsed = JSON.parse(body) as unknown;
    const messages = (Array.isArray(parsed) ? parsed : [parsed]) as Array<{ id?: unknown; method?: unknown }>;
    return messages.filter((m) => typeof m?.method === 'string' && (typeof m.id === 'string' || typeof m.id === 'number')).map((m) => m.id as string | number);
  } catch {
    return [];
  }
}

/**
 * Counts a response body's bytes as they arrive and errors the stream past `maxBytes`: for a
 * JSON body, the whole body; for an event stream, each event (the bytes since the last blank
 * line), since one stream carries many messages over a long life. Erroring cancels the source,
 * so the rest of an oversized body is never read.
 */
function byteCap(maxBytes: number, eventStream: boolean, onOversize: (error: MessageTooLargeError) => void): TransformStream<Uint8Array, Uint8Array> {
  let size = 0;
  let lineEmpty = false;
  return new TransformStream({
    transform(chunk, controller) {
      if (!eventStream) size += chunk.length;
      else {
        for (const byte of chunk) {
          if (byte === LF) {
            // "\n\n" (or "\r\n\r\n") ends an event: the next one starts from nothing.
            if (lineEmpty) size = 0;
            lineEmpty = true;
          } else if (byte !== CR) {
            lineEmpty = false;
            size++;
          }
          if (size > maxBytes) break;
        }
      }
      if (size > maxBytes) {
        const error = new MessageTooLargeError(maxBytes);
        onOversize(error);
        controller.error(error);
        return;
      }
      controller.enqueue(chunk);
    },
  });
}

/**
 * A fetch for the SDK's HTTP transports (their `fetch` option) that reads no message past
 * `maxBytes`: the SDK reads a JSON response whole (`response.json()`) and buffers an SSE event
 * until its end, so the cap must sit below it, on the bytes. Past it the body errors with
 * MessageTooLargeError and `onOversize` names the requests of that POST.
 */
export function boundedFetch(maxBytes: number, onOversize: OnOversize, base: FetchLike = fetch): FetchLike {
  return async (url, init) => {
    const response = await base(url, init);
    if (!response.body || NULL_BODY_STATUSES.has(response.status)) return response;
    const eventStream = (response.headers.get('content-type') ?? '').toLowerCase().includes('text/event-stream');
    // A GET stream answers no request of its own: an oversized event there could be any in flight.
    const ids = init?.method === 'POST' ? requestIds(init.body) : undefined;
    const body = response.body.pipeThrough(byteCap(maxBytes, eventStream, (error) => onOversize(ids, error)));
    const bounded = new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
    // The SDK resolves relative endpoints (legacy SSE) and redirects against response.url.
    Object.defineProperty(bounded, 'url', { value: response.url });
    return bounded;
  };
}
