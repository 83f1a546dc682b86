import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';

// Issue 20, item 6: request bodies never timed out — a body sent at 1 byte/s was held 130 s,
// and 1,000 such connections were all held. A real listening server, a raw socket.

const PORT = 26020;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ worker: false, env: { REQUEST_TIMEOUT_MS: '2000', HEADERS_TIMEOUT_MS: '1000' } });
  await t.app.listen({ host: '127.0.0.1', port: PORT });
});
afterAll(() => t?.close());

/** Sends `head` then one byte of `trickle` every 300 ms; resolves with what the server answered and when it closed. */
function slowClient(head: string, trickle: string): Promise<{ answer: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(PORT, '127.0.0.1');
    let answer = '';
    let i = 0;
    const timer = setInterval(() => {
      if (i < trickle.length && !socket.destroyed) socket.write(trickle[i++]);
    }, 300);
    socket.on('connect', () => socket.write(head));
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, closedAfterMs: Date.now() - started });
    });
  });
}

describe('slow senders', () => {
  it('a body trickled at a few bytes a second is cut at REQUEST_TIMEOUT_MS with 408 in our form', async () => {
    // An anonymous route with a body (the slow sender needed no account).
    const body = JSON.stringify({ tool_slug: 'word-count', input: { text: 'x'.repeat(100) } });
    const head = `POST /free-tools/run HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const { answer, closedAfterMs } = await slowClient(head, body);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      error: { code: 'INVALID_REQUEST', message: 'The request did not arrive in time', details: { reason: 'request_timeout' } },
    });
    // 2 s timeout, checked every second: cut well before the body would have finished (~35 s);
    // the upper bound leaves room for a loaded machine and still proves the cut.
    expect(closedAfterMs).toBeGreaterThanOrEqual(1_900);
    expect(closedAfterMs).toBeLessThan(10_000);
  });

  it('headers trickled byte by byte are cut too', async () => {
    const { answer, closedAfterMs } = await slowClient('GET /health HTTP/1.1\r\n', 'X-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    // The headers alone would take ~14 s to arrive.
    expect(closedAfterMs).toBeLessThan(10_000);
  });

  it('a request that arrives in time is answered as usual', async () => {
    const response = await fetch(`http://127.0.0.1:${PORT}/health`);
    expect(response.status).toBe(200);
  });
});
