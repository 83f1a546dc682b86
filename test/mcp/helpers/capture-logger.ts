import pino from 'pino';
import type { Logger } from 'pino';

/** A real pino logger at debug level whose output is kept in memory for assertions. */
export function captureLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const logger = pino({ level: 'debug' }, { write: (line: string) => void lines.push(line) });
  return { logger, lines };
}
