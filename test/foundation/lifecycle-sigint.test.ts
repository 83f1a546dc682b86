import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { until } from '../execution/helpers/setup.ts';
import { temporalCliPath } from '../support/services.ts';
import type { EntryProcess } from './lifecycle-helpers.ts';
import { descendants, freePorts, isAlive, startEntry } from './lifecycle-helpers.ts';

// Issue 20 item 6: on Ctrl-C (SIGINT to the terminal's whole foreground process group) the
// embedded Temporal server and the MCP servers died first, running activities failed at once
// and the worker retried against a dead server. Now they run in process groups of their own:
// only the service hears the signal, drains HTTP, lets the worker finish its activities, then
// stops them itself. Also the data folder's modes: DATA_DIR 0700, nothing in it readable or
// writable by others (the PGlite files were 0666).
const dataDir = mkdtempSync(join(tmpdir(), 'sb-sigint-'));
const started: EntryProcess[] = [];
afterAll(() => {
  for (const service of started) service.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

async function startService(ports: number[]) {
  const [port, devPort, uiPort] = ports;
  const service = startEntry('runtime/main.ts', {
    DATA_DIR: dataDir,
    PORT: String(port),
    TEMPORAL_DEV_PORT: String(devPort),
    TEMPORAL_UI_PORT: String(uiPort),
    TEMPORAL_CLI_PATH: temporalCliPath(),
    SHUTDOWN_GRACE_MS: '20000',
    LOG_LEVEL: 'info',
  });
  started.push(service);
  const url = `http://127.0.0.1:${port}`;
  // Liveness is enough: the test waits for the one tool it needs below.
  await until(async () => {
    if (service.hasExited()) throw new Error(`service exited:\n${service.output().slice(-3000)}`);
    return (await fetch(`${url}/health`).catch(() => undefined))?.ok;
  }, 240_000, 500);
  return { service, url };
}

/** Files and folders under `dir` whose mode grants anything to group or others. */
function notPrivate(dir: string): string[] {
  const out: string[] = [];
  const walk = (path: string) => {
    const stat = statSync(path);
    if (stat.mode & 0o077) out.push(`${path} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(dir);
  return out;
}

describe('Ctrl-C on npm start', { timeout: 900_000 }, () => {
  it('reaches only the service, which drains, lets the running job finish, and stops Temporal and the MCP servers', async () => {
    const ports = await freePorts(3);
    const { service, url } = await startService(ports);
    const { adminKey } = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8'));
    const created = await fetch(`${url}/admin/users`, {
      method: 'POST',
      headers: { 'x-admin-key': adminKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ctrl-c@example.test', plan: 'pro' }),
    });
    expect(created.status).toBe(201);
    const headers = { authorization: `Bearer ${(await created.json()).api_key}`, 'content-type': 'application/json' };

    // The reference servers reach the registry with the first sync after start.
    const job = await until(async () => {
      const response = await fetch(`${url}/jobs/submit`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ tool: 'everything/trigger-long-running-operation', arguments: { duration: 6, steps: 3 } }),
      });
      return response.ok ? ((await response.json()) as { job_id: string }) : undefined;
    }, 600_000, 2_000);
    await until(async () => ((await (await fetch(`${url}/jobs/${job.job_id}`, { headers })).json()) as { status: string }).status === 'running', 60_000, 200);

    const children = descendants(service.pid);
    const temporal = children.filter((c) => c.args.includes('server start-dev'));
    const everything = children.filter((c) => c.args.includes('server-everything'));
    expect(temporal.length).toBeGreaterThan(0);
    expect(everything.length).toBeGreaterThan(0);
    // Their own process groups: the terminal's signal does not reach them.
    for (const child of [...temporal, ...everything]) expect(child.pgid).not.toBe(service.pid);

    process.kill(-service.pid, 'SIGINT');
    const { code } = await service.exited;
    expect(code, service.output().slice(-4000)).toBe(0);
    const log = service.output();
    // In order: HTTP drained, then the worker, then the children, by the service itself.
    expect(log).toContain('"signal":"SIGINT"');
    expect(log).not.toContain('did not settle');
    // A sandboxed server's outer layers (its wrapper, bwrap) die with its group; under load the
    // last of them may still be reaped a moment after the service has exited.
    await until(async () => children.every((child) => !isAlive(child.pid)), 10_000, 100).catch(() => undefined);
    for (const child of children) expect(isAlive(child.pid), child.args).toBe(false);

    expect(notPrivate(dataDir)).toEqual([]);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);

    // The job was not failed by the stop: it finished during the drain (or resumes now).
    const again = await startService(ports);
    const final = await until(async () => {
      const body = (await (await fetch(`${again.url}/jobs/${job.job_id}`, { headers })).json()) as { status: string };
      return ['completed', 'failed', 'timeout', 'canceled'].includes(body.status) ? body : undefined;
    }, 120_000, 500);
    expect(final.status).toBe('completed');
    process.kill(again.service.pid, 'SIGTERM');
    expect((await again.service.exited).code).toBe(0);
  });
});
