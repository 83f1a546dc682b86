import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// `npm start` on nothing but the data folder: its own Temporal dev server, PGlite, the
// in-process worker. Start-up loads the embedding model and starts Temporal: on a loaded
// 2-core machine that has taken 75 s, hence the long time limit. Ports are offset so it can run beside the shared test services.
const dataDir = mkdtempSync(join(tmpdir(), 'sb-embedded-'));
const port = 20_000 + Math.floor(Math.random() * 10_000);
const env = {
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  DATA_DIR: dataDir,
  PORT: String(port),
  TEMPORAL_DEV_PORT: String(port + 1),
  TEMPORAL_UI_PORT: String(port + 2),
  TEMPORAL_CLI_PATH: process.env.TEMPORAL_CLI_PATH ?? join(process.cwd(), '.cache/bin/temporal'),
  LOG_LEVEL: 'warn',
};
const child = spawn(process.execPath, ['--import', 'tsx', 'api/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
let output = '';
child.stdout.on('data', (chunk) => (output += chunk));
child.stderr.on('data', (chunk) => (output += chunk));
const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

afterAll(async () => {
  if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

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
    const ui = await fetch(`http://127.0.0.1:${port + 2}/`);
    expect(ui.status).toBe(200);

    const { adminKey } = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8'));
    const created = await fetch(`http://127.0.0.1:${port}/admin/users`, {
      method: 'POST',
      headers: { 'x-admin-key': adminKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'first@example.test' }),
    });
    expect(created.status).toBe(201);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 300_000);
});
