import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { probeStall } from './helpers/stall-probe.ts';

// Issue 33, item 4 (the search tokenizer): analyze's /([A-Z]+)([A-Z][a-z])/ backtracked over a run
// of capitals from each of its letters. POST /v2/index_tools analyses every description in the
// request (capability detection) and again as the index takes it: 100 descriptions of 10,000
// capitals (the field's cap) held the old API's thread for ~6 s at load 14 before the first
// answer; the 300 here (3 MB of body, inside the route's 64 MiB) for about three times that.
let t: TestApp;
let base: string;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  ({ headers } = await t.createUser({ plan: 'enterprise' }));
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => t?.close());

describe('tool text under hostile input', () => {
  it('indexes tools whose descriptions are runs of capitals while /health answers promptly', async () => {
    const tools = Array.from({ length: 300 }, (_, i) => ({ name: `shout_${i}`, server: 'capitals', description: 'A'.repeat(10_000), inputSchema: { type: 'object' } }));
    // /health a second after the body was sent: the old code was then analysing, for many more seconds.
    const { answer, health } = await probeStall({ base, path: '/v2/index_tools', headers, body: JSON.stringify({ tools }), healthAfterMs: 1_000 });
    expect(answer.status, answer.body.slice(0, 500)).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 'completed', indexed: 300, failed: 0 });
    expect(health.status).toBe(200);
    // Bounded, not timed: 5 s is slack for a loaded machine.
    expect(health.ms).toBeLessThan(5_000);
  });
});
