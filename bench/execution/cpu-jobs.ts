// CPU per job, per bare one-activity run and per bare run with a job's three commits (bench/jobs.ts's
// three loads), in alternating phases:
// this process, the Temporal server and every Postgres process (process-cpu.ts). Under load,
// CPU moves less than throughput does; Postgres and the dev server are shared, so compare pairs.
// Usage: npx tsx bench/execution/cpu-jobs.ts [--seconds 10] [--concurrency 64] (TEMPORAL_ADDRESS)
import { loadavg } from 'node:os';
import { cpuSnapshot } from './process-cpu.ts';
import { flags, jobAndBareRuns, out, startService } from './harness.ts';

const args = flags(process.argv.slice(2));
const seconds = Number(args.seconds ?? 10);
const concurrency = Number(args.concurrency ?? 64);
const t = await startService();
const snap = () => cpuSnapshot(t.config.TEMPORAL_ADDRESS ?? '127.0.0.1:7233');
const { job, bare, bareWithCommits } = await jobAndBareRuns(t);
for (let i = 0; i < 20; i++) await job();
out(`load average before ${loadavg().map((l) => l.toFixed(2)).join(' ')}, Temporal at ${t.config.TEMPORAL_ADDRESS}`);
for (const [name, one] of [['jobs', job], ['bare', bare], ['bare + commits', bareWithCommits], ['jobs', job], ['bare', bare], ['bare + commits', bareWithCommits]] as const) {
  const s0 = snap();
  let count = 0;
  const t0 = performance.now();
  const deadline = t0 + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        await one();
        count++;
      }
    }),
  );
  const s1 = snap();
  const rate = count / ((performance.now() - t0) / 1000);
  const per = (k: keyof typeof s0) => ((s1[k] - s0[k]) / count).toFixed(1);
  out(`${name} ${rate.toFixed(1)}/s   CPU ms per item: this process ${per('self')}, its MCP servers ${per('children')}, Temporal ${per('temporal')}, Postgres ${per('pg')}`);
}
out(`load average after ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
await t.close();
process.exit(0);
