import pino from 'pino';
import type { Logger, LoggerOptions } from 'pino';

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

/** Builds the one pino root of a process; everything else takes child loggers from it. */
export function createLogger(level = 'info', options: LoggerOptions = {}): Logger {
  return pino({ level, redact: { paths: REDACT, censor: '[redacted]' }, ...options });
}

export type { Logger };
