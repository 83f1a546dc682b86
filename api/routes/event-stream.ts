import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

/** The id of the last event a reconnecting client saw (the stream resumes after it). */
export const lastEventIdHeaders = z.object({ 'last-event-id': z.coerce.number().int().min(0).optional() });

/**
 * Takes the response over as a server-sent event stream (job and agent-run streams alike): its
 * headers now, and a signal that aborts when the client goes away.
 */
export function openEventStream(request: FastifyRequest, reply: FastifyReply): AbortSignal {
  const closed = new AbortController();
  request.raw.on('close', () => closed.abort());
  reply.hijack();
  reply.raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
  });
  return closed.signal;
}
