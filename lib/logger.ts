import pino from 'pino';
import type { DestinationStream, Logger, LoggerOptions } from 'pino';
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

/** Builds the one pino root of a process; everything else takes child loggers from it. */
export function createLogger(level = 'info', options: LoggerOptions = {}, destination?: DestinationStream): Logger {
  return pino({ level, redact: { paths: REDACT, censor: '[redacted]' }, ...SAFETY, ...options }, destination as DestinationStream);
}

export type { Logger };
