import { deserializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { MessageTooLargeError } from './read-limits.ts';

const NEWLINE = 0x0a;

/**
 * Newline-delimited JSON-RPC framing for stdio, the SDK's format (`deserializeMessage`), with a
 * cap on one line. The SDK's ReadBuffer concatenates the whole pending line on every chunk
 * (quadratic: 64 concatenations of up to 4 MiB for one 4 MiB line, all garbage at once) and
 * caps at 10 MiB; this keeps the chunks of an unfinished line apart and joins them once, at its
 * newline, and throws MessageTooLargeError as soon as the unfinished line passes `maxBytes`.
 */
export class LineBuffer {
  private chunks: Buffer[] = [];
  private pending = 0;
  private lines: Buffer[] = [];

  constructor(private readonly maxBytes: number) {}

  /** Adds a chunk; the complete lines in it become readable. Throws past the cap (the buffer is then empty). */
  append(chunk: Buffer): void {
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE, start); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
      this.chunks.push(chunk.subarray(start, end));
      this.lines.push(Buffer.concat(this.chunks, this.pending + end - start));
      this.chunks = [];
      this.pending = 0;
      start = end + 1;
    }
    if (start < chunk.length) {
      this.chunks.push(chunk.subarray(start));
      this.pending += chunk.length - start;
    }
    if (this.pending > this.maxBytes || this.lines.some((line) => line.length > this.maxBytes)) {
      this.clear();
      throw new MessageTooLargeError(this.maxBytes);
    }
  }

  /** The next complete message, or null; throws for a line that is not a JSON-RPC message (the next may be fine). */
  readMessage(): JSONRPCMessage | null {
    const line = this.lines.shift();
    if (line === undefined) return null;
    return deserializeMessage(line.toString('utf8').replace(/\r$/, ''));
  }

  clear(): void {
    this.chunks = [];
    this.pending = 0;
    this.lines = [];
  }
}
