/** One Server-Sent Event as the job stream writes it. */
export interface SseEvent {
  id?: string;
  event?: string;
  data: string;
}

/** Parses a complete text/event-stream body (comments skipped). */
export function parseSse(body: string): SseEvent[] {
  const events: SseEvent[] = [];
  for (const block of body.split('\n\n')) {
    const event: SseEvent = { data: '' };
    let hasData = false;
    for (const line of block.split('\n')) {
      if (!line || line.startsWith(':')) continue;
      const [field, ...rest] = line.split(':');
      const value = rest.join(':').replace(/^ /, '');
      if (field === 'id') event.id = value;
      else if (field === 'event') event.event = value;
      else if (field === 'data') {
        event.data += (hasData ? '\n' : '') + value;
        hasData = true;
      }
    }
    if (hasData) events.push(event);
  }
  return events;
}
