// What /v1/execute_tool adds over calling the same echo tool with the MCP SDK directly, and
// how much of that is ours rather than Temporal's: next to each call, the bare eagerly started
// one-local-activity workflow of bench/temporal-floor.ts runs on the same server (a worker of
// its own in this process). The three are interleaved (rotating order), so load drifts hit
// all of them alike.
// Usage: npx tsx bench/execute.ts [--n 300] [--warmup 30] [--temporal host:port] (or TEMPORAL_ADDRESS)
// Needs Postgres and Temporal as for the tests (scripts/infra/*.sh).
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { referenceServers } from '../mcp/index.ts';
import { flags, out, percentiles, startService } from './execution/harness.ts';
import { startFloor } from './execution/floor.ts';

const args = flags(process.argv.slice(2));
const n = Number(args.n ?? 300);
const warmup = Number(args.warmup ?? 30);
if (args.temporal) process.env.TEMPORAL_ADDRESS = args.temporal;
const address = process.env.TEMPORAL_ADDRESS ?? '127.0.0.1:7233';

const launch = referenceServers(mkdtempSync(join(tmpdir(), 'sb-bench-'))).everything;
const sdk = new Client({ name: 'bench', version: '0' });
await sdk.connect(new StdioClientTransport({ command: launch.command, args: launch.args, stderr: 'ignore' }));
// The service first: it installs the Temporal runtime (logging) the floor's worker then shares.
const t = await startService();
const floor = await startFloor(address);
// Enterprise: no execution rate limit, so the figure is the path and not the limiter.
const user = await t.createUser({ plan: 'enterprise' });

const steps = {
  floor: async () => {
    await floor.run('oneLocalActivityWorkflow');
  },
  sdk: async (i: number) => {
    await sdk.callTool({ name: 'echo', arguments: { message: `m${i}` } });
  },
  service: async (i: number) => {
    const r = await t.app.inject({ method: 'POST', url: '/v1/execute_tool', headers: user.headers, payload: { tool_name: 'echo', params: { message: `m${i}` } } });
    if (r.statusCode !== 200) throw new Error(`execute_tool answered ${r.statusCode}: ${r.body}`);
  },
};
const names = Object.keys(steps) as Array<keyof typeof steps>;
const times: Record<keyof typeof steps, number[]> = { floor: [], sdk: [], service: [] };
const load = loadavg();
try {
  for (let i = 0; i < warmup + n; i++) {
    for (let k = 0; k < names.length; k++) {
      const name = names[(i + k) % names.length] as keyof typeof steps;
      const t0 = performance.now();
      await steps[name](i);
      if (i >= warmup) times[name].push(performance.now() - t0);
    }
  }
} finally {
  await sdk.close();
  await t.close();
  await floor.close();
}

const round = (x: number) => Math.round(x * 10) / 10;
const p = { floor: percentiles(times.floor), sdk: percentiles(times.sdk), service: percentiles(times.service) };
const ours = percentiles(times.service.map((s, i) => s - (times.sdk[i] as number) - (times.floor[i] as number)));
out(`echo, ${n} interleaved rounds after ${warmup} warm-up rounds, Temporal at ${address} (ms); load average before ${load.map((l) => l.toFixed(2)).join(' ')}, after ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
out(`MCP SDK direct (stdio)                 p50 ${p.sdk.p50}  p90 ${p.sdk.p90}  p99 ${p.sdk.p99}  mean ${p.sdk.mean}`);
out(`floor: eager one-local-activity run    p50 ${p.floor.p50}  p90 ${p.floor.p90}  p99 ${p.floor.p99}  mean ${p.floor.mean}`);
out(`POST /v1/execute_tool                  p50 ${p.service.p50}  p90 ${p.service.p90}  p99 ${p.service.p99}  mean ${p.service.mean}`);
out(`added by the service (over the SDK)    p50 ${round(p.service.p50 - p.sdk.p50)}  p99 ${round(p.service.p99 - p.sdk.p99)}`);
out(`ours (service - SDK - floor)           p50 ${round(p.service.p50 - p.sdk.p50 - p.floor.p50)}  per-round p50 ${ours.p50}  p90 ${ours.p90}   (goal: p50 ≤ 5)`);
process.exit(0);
