import pino from 'pino';
import type { DestinationStream, Logger, LoggerOptions } from 'pino';
import pretty from 'pino-pretty';
import { safeError, safeRequest, scrubLogArgs, scrubRecord } from './log-redaction.ts';

/** Paths never written to logs: credentials travel in these fields. */
const REDACT = [
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'req.headers["x-admin-key"]',
  '*.apiKey',
  '*.api_key',
  '*.secret',
  '*.password',
  '*.env',
  '*.credentials',
  '*.headers',
];

/**
 * Serializers and hooks that keep URL credentials and SQL parameters out (log-redaction.ts).
 * Fastify prefers these over its own `req`/`err` serializers when given this logger.
 */
const SAFETY: LoggerOptions = {
  serializers: { req: safeRequest, err: safeError, error: safeError },
  formatters: { log: scrubRecord },
  hooks: {
    logMethod(args, method) {
      return method.apply(this, scrubLogArgs(args) as Parameters<typeof method>);
    },
  },
};

/**
 * Where logs go when the caller names no destination: a person at a terminal reads one line per
 * event (time, level, message, its fields inline; a `ready` banner's fields are already in its
 * message), anything else (a pipe, a file, a log collector) gets one JSON object per line.
 * Synchronous, so the last lines before an exit are not lost.
 */
function defaultDestination(): DestinationStream | undefined {
  if (!process.stdout.isTTY) return undefined;
  return pretty({ colorize: true, sync: true, singleLine: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,ready' });
}

/** Builds the one pino root of a process; everything else takes child loggers from it. */
export function createLogger(level = 'info', options: LoggerOptions = {}, destination?: DestinationStream): Logger {
  return pino({ level, redact: { paths: REDACT, censor: '[redacted]' }, ...SAFETY, ...options }, (destination ?? defaultDestination()) as DestinationStream);
}

export type { Logger };
