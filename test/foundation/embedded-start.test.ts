import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePorts } from '../support/processes.ts';

// `npm start` on nothing but the data folder: its own Temporal dev server, PGlite, the
// in-process worker. Start-up loads the embedding model and starts Temporal, then the registry
// sync writes and indexes the catalog: on a heavily loaded 2-core machine that has taken over
// a minute, hence the long time limits (speed is measured in bench/boot.ts, not here).
// Its ports are proved free in a range no other suite uses (test/support/processes.ts).
const dataDir = mkdtempSync(join(tmpdir(), 'sb-embedded-'));
const [port, devPort, uiPort] = await freePorts(3, { from: 26_000, to: 26_999 });
const env = {
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  DATA_DIR: dataDir,
  PORT: String(port),
  TEMPORAL_DEV_PORT: String(devPort),
  TEMPORAL_UI_PORT: String(uiPort),
  TEMPORAL_CLI_PATH: process.env.TEMPORAL_CLI_PATH ?? join(process.cwd(), '.cache/bin/temporal'),
  LOG_LEVEL: 'warn',
};
const child = spawn(process.execPath, ['--import', 'tsx', 'runtime/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
let output = '';
child.stdout.on('data', (chunk) => (output += chunk));
child.stderr.on('data', (chunk) => (output += chunk));
const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

afterAll(async () => {
  if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

interface ReadyBody {
  status: string;
  search: { indexed: number; total: number };
}

/** Polls GET /health/ready until 200; returns every 503 body seen before, to check their form. */
async function waitForReady(deadline: number): Promise<{ ready: ReadyBody; before: ReadyBody[] }> {
  const before: ReadyBody[] = [];
  while (Date.now() < deadline) {
    const response = await fetch(`http://127.0.0.1:${port}/health/ready`);
    const body = (await response.json()) as ReadyBody;
    if (response.status === 200) return { ready: body, before };
    expect(response.status).toBe(503);
    before.push(body);
    if (child.exitCode !== null) throw new Error(`service exited early:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`service not ready in time:\n${output}`);
}

async function waitForHealth(deadline: number) {
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/health`);
      if (response.ok) return (await response.json()) as { status: string; checks: Record<string, { status: string }> };
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`service exited early:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`service not healthy in time:\n${output}`);
}

describe('embedded default (npm start)', () => {
  it('starts with nothing configured, serves requests, and drains on SIGTERM', async () => {
    const health = await waitForHealth(Date.now() + 200_000);
    expect(health.status).toBe('ok');
    expect(Object.keys(health.checks).sort()).toEqual(['database', 'search', 'temporal']);
    const ui = await fetch(`http://127.0.0.1:${uiPort}/`);
    expect(ui.status).toBe(200);

    const { adminKey } = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8'));

    // Readiness (GET /health/ready): 503 with progress until the catalog is indexed, then 200,
    // and from then on retrieval ranks as in steady state.
    const { ready, before } = await waitForReady(Date.now() + 200_000);
    expect(ready.status).toBe('ready');
    expect(ready.search.total).toBeGreaterThan(8_000);
    expect(ready.search.indexed).toBe(ready.search.total);
    for (const body of before) {
      expect(['starting', 'indexing']).toContain(body.status);
      expect(body.search.indexed).toBeLessThanOrEqual(body.search.total);
    }
    const retrieved = await fetch(`http://127.0.0.1:${port}/v2/retrieve_tools?query=${encodeURIComponent('echo a message back')}&top_k=5`, { headers: { 'x-admin-key': adminKey } });
    const top = ((await retrieved.json()) as { tools: { server: string; name: string }[] }).tools.map((tool) => `${tool.server}/${tool.name}`);
    expect(top).toContain('everything/echo');

    const created = await fetch(`http://127.0.0.1:${port}/admin/users`, {
      method: 'POST',
      headers: { 'x-admin-key': adminKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'first@example.test' }),
    });
    expect(created.status).toBe(201);

    child.kill('SIGTERM');
    expect(await exited, output.slice(-3000)).toBe(0);
  }, 480_000);
});
