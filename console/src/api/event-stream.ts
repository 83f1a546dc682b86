import { createParser } from 'eventsource-parser';
import { errorOf, requestHeaders } from './client.ts';
import { currentToken } from './session.ts';

export interface StreamEvent {
  event: string;
  data: string;
  id?: string;
}

/**
 * Follows a server-sent event stream of the service until it ends or `signal` aborts. Not
 * EventSource: it cannot send the Authorization header the service requires.
 */
export async function followEvents(path: string, onEvent: (event: StreamEvent) => void, signal: AbortSignal): Promise<void> {
  const headers = requestHeaders(currentToken(), false);
  headers.set('accept', 'text/event-stream');
  const response = await fetch(path, { headers, signal });
  if (!response.ok || !response.body) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    throw errorOf(response.status, body);
  }
  const parser = createParser({
    onEvent: (message) => onEvent({ event: message.event ?? 'message', data: message.data, id: message.id }),
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    parser.feed(value);
  }
}
