// Webhook delivery latency: from the event's timestamp (stored when the tool run ends) to
// the moment a local receiver has the request.
// Usage: npx tsx bench/webhooks.ts [--n 200] [--temporal 127.0.0.1:7233]
import { startReceiver } from '../test/webhooks/receiver.ts';
import { flags, out, percentiles, startService } from './execution/harness.ts';

const args = flags(process.argv.slice(2));
const n = Number(args.n ?? 200);
if (args.temporal) process.env.TEMPORAL_ADDRESS = args.temporal;

const t = await startService({ ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' });
const receiver = await startReceiver({ failFirst: 0 });
try {
  const user = await t.createUser({ plan: 'enterprise' });
  const hook = await t.app.inject({ method: 'POST', url: '/webhooks', headers: user.headers, payload: { url: receiver.url, events: ['tool.executed'] } });
  if (hook.statusCode !== 201) throw new Error(hook.body);
  for (let i = 0; i < n; i++) {
    const r = await t.app.inject({ method: 'POST', url: '/v1/execute_tool', headers: user.headers, payload: { tool_name: 'echo', params: { message: `${i}` } } });
    if (r.statusCode !== 200) throw new Error(r.body);
  }
  const deadline = Date.now() + 60_000;
  while (receiver.received.length < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  const latencies = receiver.received.map((r) => r.at - Date.parse(JSON.parse(r.body).timestamp as string));
  const p = percentiles(latencies);
  out(`webhook delivery, event → receiver, ${p.n}/${n} events: p50 ${p.p50} ms  p90 ${p.p90} ms  p99 ${p.p99} ms  mean ${p.mean} ms`);
} finally {
  await receiver.close();
  await t.close();
}
process.exit(0);
