// The two service shapes bench/streams.ts measures: the production shape as the tests build it
// (fresh Postgres database, its own worker, listening on a port), and the embedded `npm start`
// process (PGlite, its own Temporal dev server and worker) driven only over HTTP.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService } from '../execution/harness.ts';
import { spawnEmbedded } from './embedded-service.ts';

export interface StreamTarget {
  url: string;
  jobId: string;
  streamHeaders: Record<string, string>;
  queryHeaders: Record<string, string>;
  /** CPU (user + system) the service process spent since the target was ready, in ms. */
  cpuMs(): number;
  close(): Promise<void>;
}

/** Progress every second for as long as the run may take: a stream's usual traffic. */
const LONG_JOB = { tool: 'trigger-long-running-operation', arguments: { duration: 900, steps: 900 } };

export async function postgresTarget(port: number): Promise<StreamTarget> {
  const t = await startService();
  const url = await t.app.listen({ host: '127.0.0.1', port });
  const streamer = await t.createUser({ plan: 'enterprise' });
  const measurer = await t.createUser({ plan: 'pro' });
  const submitted = await t.app.inject({ method: 'POST', url: '/jobs/submit', headers: streamer.headers, payload: LONG_JOB });
  if (submitted.statusCode !== 200) throw new Error(`submit answered ${submitted.statusCode}: ${submitted.body}`);
  const jobId = submitted.json().job_id as string;
  const cpu0 = process.cpuUsage();
  return {
    url,
    jobId,
    streamHeaders: streamer.headers,
    queryHeaders: measurer.headers,
    cpuMs: () => {
      const cpu = process.cpuUsage(cpu0);
      return Math.round((cpu.user + cpu.system) / 1000);
    },
    async close() {
      // The job would run for 15 minutes: end it so the worker stops at once.
      await t.temporal.client.workflow.getHandle(jobId).terminate('benchmark over').catch(() => {});
      await t.close();
    },
  };
}

/** utime + stime of a process from /proc, in ms (clock ticks of 10 ms on Linux). */
function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export async function embeddedTarget(port: number): Promise<StreamTarget> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sb-bench-streams-'));
  const { child, url, output, exited } = spawnEmbedded({ dataDir, port, logLevel: 'warn' });
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the service exited (${child.exitCode}):\n${output().slice(-3000)}`);
    if (Date.now() > deadline) throw new Error(`not ready in 180 s:\n${output().slice(-3000)}`);
    const status = await fetch(`${url}/health/ready`).then((r) => r.status, () => 0);
    if (status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const { adminKey } = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')) as { adminKey: string };
  const json = { 'content-type': 'application/json' };
  const user = async (plan: string) => {
    const res = await fetch(`${url}/admin/users`, { method: 'POST', headers: { ...json, 'x-admin-key': adminKey }, body: JSON.stringify({ email: `${plan}-${Date.now()}@bench.test`, plan }) });
    if (res.status !== 201) throw new Error(`POST /admin/users answered ${res.status}: ${await res.text()}`);
    return { authorization: `Bearer ${((await res.json()) as { api_key: string }).api_key}` };
  };
  const streamHeaders = await user('enterprise');
  const queryHeaders = await user('pro');
  const submitted = await fetch(`${url}/jobs/submit`, { method: 'POST', headers: { ...json, ...streamHeaders }, body: JSON.stringify(LONG_JOB) });
  if (submitted.status !== 200) throw new Error(`submit answered ${submitted.status}: ${await submitted.text()}`);
  const jobId = ((await submitted.json()) as { job_id: string }).job_id;
  const pid = child.pid as number;
  const cpu0 = processCpuMs(pid);
  return {
    url,
    jobId,
    streamHeaders,
    queryHeaders,
    cpuMs: () => processCpuMs(pid) - cpu0,
    async close() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
