import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '../error-forms.ts';
import { renderError } from '../error-forms.ts';

/**
 * Faults Node's HTTP parser raises before Fastify has a request (a request that did not arrive
 * within REQUEST_TIMEOUT_MS / HEADERS_TIMEOUT_MS, malformed or oversized headers): answered in
 * the spec's nested error form, then the socket is closed. Fastify's own handler answers in
 * its form, which no client of ours parses.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const timeout = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
  const status = timeout ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const message = timeout ? 'The request did not arrive in time' : status === 431 ? 'Request headers are too large' : 'Malformed HTTP request';
  const reason = timeout ? 'request_timeout' : status === 431 ? 'headers_too_large' : 'malformed';
  const body = JSON.stringify({ error: { code: 'INVALID_REQUEST', message, details: { reason } } });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * Fastify's routing faults (a path that is not valid percent-encoding): 400 in the nested form
 * with a fixed message. Fastify's own answer echoes the whole URL, query credentials included,
 * and skips the error handler.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const bad = error.code === 'FST_ERR_BAD_URL';
  const body: ErrorBody = {
    status: 400,
    code: 'INVALID_REQUEST',
    message: bad ? 'The URL is not valid percent-encoded UTF-8' : 'Bad request',
    details: { parameter: 'url', reason: bad ? 'invalid_encoding' : 'invalid' },
  };
  request.log.info({ code: body.code, reason: body.details.reason }, 'request refused');
  void reply.status(400).header('X-Request-Id', request.id).send(renderError('nested', request, body));
}
