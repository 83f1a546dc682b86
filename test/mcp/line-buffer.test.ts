import { describe, expect, it } from 'vitest';
import { LineBuffer } from '../../mcp/line-buffer.ts';
import { MessageTooLargeError } from '../../mcp/read-limits.ts';

const ping = (id: number) => `${JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' })}\n`;

function drain(buffer: LineBuffer): unknown[] {
  const out: unknown[] = [];
  for (let m = buffer.readMessage(); m !== null; m = buffer.readMessage()) out.push(m);
  return out;
}

// The stdio framing that replaced the SDK's ReadBuffer (issue 33, item 7): same messages out,
// and a line past the cap is refused while it arrives.
describe('LineBuffer (stdio framing with a line cap)', () => {
  it('frames messages split across chunks, several in one chunk, and CRLF endings', () => {
    const buffer = new LineBuffer(1024);
    const text = ping(1) + ping(2).replace('\n', '\r\n') + ping(3);
    const bytes = Buffer.from(text);
    for (const [from, to] of [[0, 5], [5, 40], [40, bytes.length]]) buffer.append(bytes.subarray(from, to));
    expect(drain(buffer)).toEqual([1, 2, 3].map((id) => ({ jsonrpc: '2.0', id, method: 'ping' })));
  });

  it('refuses an endless line as soon as it passes the cap, then starts clean', () => {
    const buffer = new LineBuffer(64 * 1024);
    const chunk = Buffer.alloc(16 * 1024, 'A');
    let thrown: unknown;
    let appended = 0;
    try {
      for (; appended < 1_000; appended++) buffer.append(chunk);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(MessageTooLargeError);
    expect(appended).toBe(4); // the fifth 16 KiB chunk passes 64 KiB
    buffer.append(Buffer.from(ping(9)));
    expect(drain(buffer)).toEqual([{ jsonrpc: '2.0', id: 9, method: 'ping' }]);
  });
});
