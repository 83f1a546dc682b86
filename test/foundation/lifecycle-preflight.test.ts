import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.ts';
import { createLogger } from '../../platform/logger.ts';
import { checkModelFiles, StartupError } from '../../platform/preflight.ts';
import { startDevServer } from '../../platform/temporal-dev-server.ts';
import { temporalCliPath } from '../support/services.ts';
import { freePorts, holdPort } from './lifecycle-helpers.ts';

// Issue 18 item 4: a taken port, an unwritable data folder or a missing model file stop the
// start at once with one line naming the problem and the setting that changes it. Seen before:
// with 7233 taken, `npm start` carried on against whatever Temporal answered there, reported
// healthy and served 0 tools.
const scratch = mkdtempSync(join(tmpdir(), 'sb-preflight-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs an entry point to its exit (in its own group, killed if it outlives the limit). */
function run(entry: string, env: Record<string, string>, limitMs = 90_000): Promise<Run> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', TEMPORAL_CLI_PATH: temporalCliPath(), LOG_LEVEL: 'info', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const timer = setTimeout(() => process.kill(-(child.pid as number), 'SIGKILL'), limitMs);
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    }),
  );
}

/** Our own lines on stderr (the runtime may add warnings of its own there). */
const ownLines = (stderr: string) => stderr.split('\n').filter((line) => line.startsWith('switchboard: '));

/** Processes anywhere on the machine whose command line mentions `needle` (e.g. a data folder). */
function processesMentioning(needle: string): string[] {
  return execFileSync('ps', ['-e', '-o', 'args='], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes(needle));
}

async function embeddedEnv() {
  const [port, devPort, uiPort] = await freePorts(3);
  const dataDir = mkdtempSync(join(scratch, 'data-'));
  return {
    env: { DATA_DIR: dataDir, PORT: String(port), TEMPORAL_DEV_PORT: String(devPort), TEMPORAL_UI_PORT: String(uiPort) },
    dataDir,
    port: port!,
    devPort: devPort!,
    uiPort: uiPort!,
  };
}

describe('npm start fails fast and says why', { timeout: 120_000 }, () => {
  for (const setting of ['PORT', 'TEMPORAL_DEV_PORT', 'TEMPORAL_UI_PORT'] as const) {
    it(`exits 1 with one line when ${setting} is taken, and starts nothing`, async () => {
      const { env, dataDir } = await embeddedEnv();
      const port = Number(env[setting]);
      const holder = await holdPort(port);
      try {
        const result = await run('runtime/main.ts', env);
        expect(result.code).toBe(1);
        expect(ownLines(result.stderr)).toEqual([`switchboard: port ${port} (${setting}) is already in use: set ${setting} to a free port`]);
        // Checked before anything long started: no Temporal server, no model load, no listen.
        expect(result.stdout).not.toContain('starting the local Temporal dev server');
        expect(processesMentioning(dataDir)).toEqual([]);
      } finally {
        await new Promise((resolve) => holder.close(resolve));
      }
    });
  }

  it('exits 1 with one line when DATA_DIR cannot be written', async () => {
    const { env } = await embeddedEnv();
    const file = join(scratch, 'a-file');
    writeFileSync(file, 'not a folder');
    // A folder below a regular file can never be created (tests run as root, so mode bits would not stop us).
    const result = await run('runtime/main.ts', { ...env, DATA_DIR: join(file, 'data') });
    expect(result.code).toBe(1);
    expect(ownLines(result.stderr)).toEqual([`switchboard: data folder ${join(file, 'data')} (DATA_DIR) is not writable (ENOTDIR): set DATA_DIR to a folder this user can write`]);
  });

  it('npm run api (production shape) exits 1 with one line when PORT is taken', async () => {
    const [port] = await freePorts(1);
    const holder = await holdPort(port!);
    try {
      const result = await run('runtime/api.ts', {
        PORT: String(port),
        DATABASE_URL: 'postgres://nobody:nothing@127.0.0.1:1/none',
        TEMPORAL_ADDRESS: '127.0.0.1:1',
        ADMIN_KEY: 'preflight-admin-key-0123456789',
        JWT_SECRET: 'preflight-jwt-secret-0123456789abcdef0123',
        CREDENTIALS_KEY: Buffer.alloc(32, 7).toString('base64'),
        DATA_DIR: mkdtempSync(join(scratch, 'api-')),
      });
      expect(result.code).toBe(1);
      // The port is refused before the unreachable database and Temporal are even tried.
      expect(ownLines(result.stderr)).toEqual([`switchboard: port ${port} (PORT) is already in use: set PORT to a free port`]);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });
});

describe('the pieces behind it', { timeout: 60_000 }, () => {
  it('names the missing model file and the command that provides it', () => {
    const empty = mkdtempSync(join(scratch, 'model-'));
    expect(() => checkModelFiles(empty)).toThrow(StartupError);
    expect(() => checkModelFiles(empty)).toThrow(`embedding model file ${join(empty, 'tokenizer.json')} is missing: run \`node scripts/fetch-model.mjs\` (npm ci runs it)`);
  });

  it("turns the dev server's own port failure into the same line, and leaves nothing running", async () => {
    // The race the pre-flight check cannot close: the port is taken after it looked.
    const [devPort, uiPort] = await freePorts(2);
    const holder = await holdPort(devPort!);
    const dbFilename = join(mkdtempSync(join(scratch, 'dev-')), 'temporal.db');
    try {
      const starting = startDevServer({
        cliPath: temporalCliPath(),
        port: devPort!,
        uiPort: uiPort!,
        dbFilename,
        namespace: 'default',
        searchAttributes: [],
        extraArgs: [],
        logger: createLogger('silent'),
        onUnexpectedExit: () => {},
      });
      await expect(starting).rejects.toThrow(`port ${devPort} (TEMPORAL_DEV_PORT) is already in use: set TEMPORAL_DEV_PORT to a free port`);
      expect(processesMentioning(dbFilename)).toEqual([]);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });

  it('refuses two settings on one port before anything binds', async () => {
    const [port] = await freePorts(1);
    const config = loadConfig({ DATA_DIR: mkdtempSync(join(scratch, 'same-')), PORT: String(port), TEMPORAL_DEV_PORT: String(port) });
    const { preflight } = await import('../../platform/preflight.ts');
    await expect(preflight(config, { api: true, worker: true })).rejects.toThrow(`PORT and TEMPORAL_DEV_PORT are both ${port}: set one of them to another port`);
  });
});
