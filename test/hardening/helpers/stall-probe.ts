import { Worker } from 'node:worker_threads';

export interface StallProbe {
  /** The hostile request's answer and its time from send to last byte. */
  answer: { status: number; body: string; ms: number };
  /** GET /health sent while the hostile request was in the service: status and wait. */
  health: { status: number; ms: number };
}

// Runs on a thread of its own: when the service (in the test's process) blocks its event loop,
// this clock and these sockets keep going, so the wait of /health is measured, not hidden.
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const { base, path, body, headers, healthAfterMs } = workerData;
(async () => {
  const t0 = performance.now();
  const answer = fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body })
    .then(async (r) => ({ status: r.status, body: await r.text(), ms: performance.now() - t0 }));
  await new Promise((resolve) => setTimeout(resolve, healthAfterMs));
  const h0 = performance.now();
  const health = await fetch(base + '/health').then(async (r) => { await r.arrayBuffer(); return { status: r.status, ms: performance.now() - h0 }; });
  parentPort.postMessage({ answer: await answer, health });
})().catch((error) => parentPort.postMessage({ error: String(error) }));
`;

/**
 * POSTs `body` to a listening service, then, `healthAfterMs` later (the hostile request is then
 * being handled), GET /health; resolves with both answers and their times.
 */
export function probeStall(input: { base: string; path: string; body: string; headers?: Record<string, string>; healthAfterMs?: number }): Promise<StallProbe> {
  const worker = new Worker(PROBE, { eval: true, workerData: { headers: {}, healthAfterMs: 300, ...input } });
  return new Promise<StallProbe>((resolve, reject) => {
    worker.once('message', (message: StallProbe | { error: string }) => ('error' in message ? reject(new Error(message.error)) : resolve(message)));
    worker.once('error', reject);
  }).finally(() => worker.terminate());
}
