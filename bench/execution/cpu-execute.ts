// CPU per direct run (POST /v1/execute_tool, echo) against the floor workflow of
// bench/temporal-floor.ts, in alternating phases: this process (API, worker, both workflow
// threads), the Temporal server and every Postgres process (process-cpu.ts). Under load, CPU
// moves less than latency does; Postgres and the dev server are shared, so compare pairs.
// Usage: npx tsx bench/execution/cpu-execute.ts [--n 100] (TEMPORAL_ADDRESS: dev server or cluster)
import { loadavg } from 'node:os';
import { cpuSnapshot } from './process-cpu.ts';
import { flags, out, percentiles, startService } from './harness.ts';
import { startFloor } from './floor.ts';

const args = flags(process.argv.slice(2));
const n = Number(args.n ?? 100);
const address = process.env.TEMPORAL_ADDRESS ?? '127.0.0.1:7233';
const t = await startService();
const floor = await startFloor(address);
const user = await t.createUser({ plan: 'enterprise' });
const steps = {
  service: async (i: number) => {
    const r = await t.app.inject({ method: 'POST', url: '/v1/execute_tool', headers: user.headers, payload: { tool_name: 'echo', params: { message: `m${i}` } } });
    if (r.statusCode !== 200) throw new Error(`execute_tool answered ${r.statusCode}: ${r.body}`);
  },
  floor: async () => {
    await floor.run('oneLocalActivityWorkflow');
  },
};
for (let i = 0; i < 20; i++) {
  await steps.service(i);
  await steps.floor();
}
const load = loadavg();
const acc = { service: { self: 0, temporal: 0, pg: 0, times: [] as number[] }, floor: { self: 0, temporal: 0, pg: 0, times: [] as number[] } };
for (let round = 0; round < 4; round++) {
  for (const name of ['service', 'floor'] as const) {
    const s0 = cpuSnapshot(address);
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      await steps[name](i);
      acc[name].times.push(performance.now() - t0);
    }
    const s1 = cpuSnapshot(address);
    acc[name].self += s1.self - s0.self;
    acc[name].temporal += s1.temporal - s0.temporal;
    acc[name].pg += s1.pg - s0.pg;
  }
}
await t.close();
await floor.close();
out(`${n * 4} runs each in 4 alternating phases, Temporal at ${address}; load average before ${load.map((l) => l.toFixed(2)).join(' ')}, after ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
for (const [name, a] of Object.entries(acc)) {
  const runs = a.times.length;
  const ms = (v: number) => (v / runs).toFixed(1);
  out(`${name.padEnd(8)} CPU ms per run: this process ${ms(a.self)}, Temporal ${ms(a.temporal)}, Postgres ${ms(a.pg)}, total ${ms(a.self + a.temporal + a.pg)}   latency p50 ${percentiles(a.times).p50}`);
}
process.exit(0);
