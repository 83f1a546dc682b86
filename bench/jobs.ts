// Jobs from submit to completed, sustained, against the same figure for a bare Temporal
// workflow on the same server and worker, so the ratio shows what jobs add; and the bare run
// with the three commits a job cannot do without (harness.ts), the ratio's ceiling.
// The three alternate in `rounds` rounds of seconds/rounds each (paired: load drifts hit all).
// Usage: npx tsx bench/jobs.ts [--seconds 60] [--rounds 3] [--concurrency 64] [--temporal 127.0.0.1:7233] (or TEMPORAL_ADDRESS)
import { loadavg } from 'node:os';
import { flags, jobAndBareRuns, out, percentiles, startService } from './execution/harness.ts';

const args = flags(process.argv.slice(2));
const seconds = Number(args.seconds ?? 60);
const concurrency = Number(args.concurrency ?? 64);
const rounds = Number(args.rounds ?? 3);
if (args.temporal) process.env.TEMPORAL_ADDRESS = args.temporal;

/** Runs `one` in `concurrency` closed loops for `seconds`; returns per-item latencies. */
async function sustained(one: () => Promise<void>, into: { latencies: number[]; elapsed: number }): Promise<void> {
  const latencies = into.latencies;
  const started = performance.now();
  const deadline = started + (seconds / rounds) * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        await one();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  into.elapsed += (performance.now() - started) / 1000;
}

const t = await startService();
try {
  const { job, bare, bareWithCommits } = await jobAndBareRuns(t);
  for (let i = 0; i < 20; i++) await Promise.all([job(), bareWithCommits()]); // warm the MCP session, the worker, the statements
  const load = loadavg();
  const jobs = { latencies: [] as number[], elapsed: 0 };
  const baseline = { latencies: [] as number[], elapsed: 0 };
  const ceiling = { latencies: [] as number[], elapsed: 0 };
  for (let r = 0; r < rounds; r++) {
    await sustained(job, jobs);
    await sustained(bare, baseline);
    await sustained(bareWithCommits, ceiling);
  }
  const rate = (r: { latencies: number[]; elapsed: number }) => Math.round((r.latencies.length / r.elapsed) * 10) / 10;
  const jl = percentiles(jobs.latencies);
  const bl = percentiles(baseline.latencies);
  out(`${seconds} s sustained each, in ${rounds} alternating rounds, ${concurrency} closed loops, Temporal at ${t.config.TEMPORAL_ADDRESS}; load average before ${load.map((l) => l.toFixed(2)).join(' ')}, after ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  out(`jobs (submit → completed, echo)      ${rate(jobs)} jobs/s   latency p50 ${jl.p50} ms  p99 ${jl.p99} ms  (${jl.n} jobs)`);
  out(`bare workflow (one activity)         ${rate(baseline)} runs/s   latency p50 ${bl.p50} ms  p99 ${bl.p99} ms  (${bl.n} runs)`);
  const cl = percentiles(ceiling.latencies);
  const ratio = (a: typeof jobs, b: typeof jobs) => Math.round((rate(a) / rate(b)) * 100) / 100;
  out(`bare + a job's three commits         ${rate(ceiling)} runs/s   latency p50 ${cl.p50} ms  p99 ${cl.p99} ms  (${cl.n} runs)`);
  out(`jobs / bare throughput ratio         ${ratio(jobs, baseline)}`);
  out(`ceiling: (bare + commits) / bare     ${ratio(ceiling, baseline)}   jobs / (bare + commits) ${ratio(jobs, ceiling)}`);
} finally {
  await t.close();
}
process.exit(0);
