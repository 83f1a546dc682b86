import { accessSync, constants, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { probeSandbox } from '../sandbox/index.ts';
import type { SandboxSupport } from '../sandbox/index.ts';
import { DEFAULT_MODEL_DIR, MODEL_FILES } from '../search/embedding/model-files.ts';
import type { Config } from './config.ts';
import type { Logger } from './logger.ts';

/**
 * A start-up fault the operator fixes by changing one setting or running one command. Its
 * message is a single line that names the problem and the remedy; the entry prints it and
 * exits non-zero without a stack (platform/entry.ts).
 */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}

/** The one line for a port another program holds: the pre-flight and the dev server's own start-up say it alike. */
export function portInUse(port: number | string, setting: string): StartupError {
  return new StartupError(`port ${port} (${setting}) is already in use: set ${setting} to a free port`);
}

/**
 * Resolves when `port` can be bound on `host` (and releases it at once); otherwise throws a
 * StartupError naming the setting. A trial bind rather than a connect: it also catches a
 * listener that answers nothing, and a port we may not bind at all.
 */
export function checkPortFree(host: string, port: number, setting: string): Promise<void> {
  // Port 0 asks the kernel for any free port: nothing to check.
  if (port === 0) return Promise.resolve();
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => {
      const where = `port ${port} (${setting})`;
      if (error.code === 'EADDRINUSE') fail(portInUse(port, setting));
      else if (error.code === 'EACCES') fail(new StartupError(`${where} may not be opened by this user: set ${setting} to a port above 1023`));
      else if (error.code === 'EADDRNOTAVAIL') fail(new StartupError(`address ${host} is not on this machine, so ${where} cannot be opened: set HOST to a local address`));
      else fail(new StartupError(`${where} cannot be opened (${error.code ?? error.message}): set ${setting} to another port`));
    });
    server.listen({ host, port, exclusive: true }, () => server.close(() => done()));
  });
}

/**
 * Creates DATA_DIR (0700: it holds the database, the secrets and Temporal's history) and
 * proves this user can write into it. An existing folder keeps its mode: it may be a
 * mounted volume or a folder the operator chose; what we create inside it is private.
 */
export function checkDataDir(dir: string): void {
  const where = `data folder ${resolve(dir)} (DATA_DIR)`;
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (!statSync(dir).isDirectory()) throw new StartupError(`${where} is not a folder: set DATA_DIR to a folder this user can write`);
    accessSync(dir, constants.W_OK | constants.X_OK);
    // access() trusts mode bits; a read-only mount or a full disk only shows on a real write.
    const probe = join(dir, `.write-check-${process.pid}`);
    writeFileSync(probe, '');
    rmSync(probe);
  } catch (error) {
    if (error instanceof StartupError) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new StartupError(`${where} is not writable (${code}): set DATA_DIR to a folder this user can write`);
  }
}

/** Throws when a file the local embedding model needs is missing. */
export function checkModelFiles(dir = DEFAULT_MODEL_DIR): void {
  for (const file of MODEL_FILES) {
    try {
      accessSync(join(dir, file), constants.R_OK);
    } catch {
      throw new StartupError(`embedding model file ${join(dir, file)} is missing: run \`node scripts/fetch-model.mjs\` (npm ci runs it)`);
    }
  }
}

/** What a process is about to start: the checks follow from it. */
export interface PreflightNeeds {
  /** It listens on HOST:PORT (npm start, npm run api). */
  api: boolean;
  /** It runs the worker (npm start, npm run worker): reference servers keep files in DATA_DIR. */
  worker: boolean;
}

/**
 * Everything that would otherwise fail late, or worse, half-work: run first, before any
 * long start-up (Temporal, the model, the index). Without TEMPORAL_ADDRESS the process starts
 * its own dev server, so its two ports must be free: a server already answering there is
 * not ours and must never be used silently.
 */
export async function preflight(config: Config, needs: PreflightNeeds): Promise<void> {
  const usesDataDir = !config.DATABASE_URL || !config.TEMPORAL_ADDRESS || needs.worker || !(config.ADMIN_KEY && config.JWT_SECRET && config.CREDENTIALS_KEY);
  if (usesDataDir) checkDataDir(config.DATA_DIR);
  checkModelFiles();
  const ports: [string, string, number][] = [];
  if (needs.api) ports.push(['PORT', config.HOST, config.PORT]);
  if (!config.TEMPORAL_ADDRESS) ports.push(['TEMPORAL_DEV_PORT', '127.0.0.1', config.TEMPORAL_DEV_PORT], ['TEMPORAL_UI_PORT', '127.0.0.1', config.TEMPORAL_UI_PORT]);
  // Each port alone may be free, and still the second of two settings on one port would fail late.
  for (const [i, [setting, , port]] of ports.entries()) {
    const other = ports.slice(0, i).find(([, , p]) => p === port && port !== 0);
    if (other) throw new StartupError(`${other[0]} and ${setting} are both ${port}: set one of them to another port`);
  }
  for (const [setting, host, port] of ports) await checkPortFree(host, port, setting);
}

/**
 * Whether this worker can run catalog MCP servers in their sandbox (issue 35, item 2). Unlike
 * the checks above this never stops the start: without the sandbox the service still serves
 * everything else, and says so in one line (`npm start`'s prestart installs it where it can).
 * There is no unsandboxed fallback: the caller shows catalog servers as unsupported.
 */
export async function checkSandbox(logger: Logger): Promise<SandboxSupport> {
  const support = await probeSandbox();
  if (!support.ok) logger.warn({ sandbox: 'missing' }, `catalog MCP servers cannot run: ${support.reason}`);
  return support;
}
