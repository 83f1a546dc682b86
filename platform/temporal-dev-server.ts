import type { ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createInterface } from 'node:readline';
import { NativeConnection } from '@temporalio/worker';
import type { Logger } from './logger.ts';
import { portInUse, StartupError } from './preflight.ts';
import { spawnGroup, stopGroup } from './process-group.ts';

export interface DevServerOptions {
  cliPath: string;
  port: number;
  uiPort: number;
  dbFilename: string;
  namespace: string;
  /** `Name=Type` pairs registered at start (the CLI's --search-attribute). */
  searchAttributes: string[];
  extraArgs: string[];
  logger: Logger;
  /** Called once if the server exits while we did not ask it to. */
  onUnexpectedExit(code: number | null): void;
}

export interface DevServer {
  address: string;
  nativeConnection: NativeConnection;
  stop(): Promise<void>;
}

/**
 * Runs the CLI under a small sh guard that holds our stdin pipe: if this process dies without
 * stopping the server (SIGKILL, OOM), the pipe's EOF makes the guard SIGTERM the server, so
 * no orphan keeps the ports and the next start finds them free. The guard ignores the group's
 * SIGTERM (a no-op trap) so that it stays until the server has exited and returns its status.
 */
const GUARD = [
  'exec 3<&0',
  '"$@" </dev/null 3<&- &',
  'server=$!',
  "trap ':' TERM INT HUP",
  '{ read -r _ <&3; kill -TERM "$server" 2>/dev/null; } &',
  'watcher=$!',
  'exec 3<&-',
  'status=0',
  'wait "$server" || status=$?',
  'while kill -0 "$server" 2>/dev/null; do wait "$server"; status=$?; done',
  'kill "$watcher" 2>/dev/null',
  'exit "$status"',
].join('\n');

/** How long the server may take to answer (the CLI itself is ready in ~1 s; a loaded machine is slower). */
const READY_TIMEOUT_MS = 60_000;
/** How long a SIGTERM-ed server gets to close its SQLite database before SIGKILL. */
const STOP_GRACE_MS = 5_000;

/**
 * The flags the SDK's TestWorkflowEnvironment.createLocal passed (it spawned the CLI from
 * Rust, in our process group, and took any server answering on the port as its own); we
 * start the same binary ourselves so it gets a process group of its own and so a port
 * conflict is the CLI's own start-up error, never someone else's server.
 */
function argsFor(o: DevServerOptions): string[] {
  const args = ['server', 'start-dev', '--ip', '127.0.0.1', '--port', String(o.port), '--ui-port', String(o.uiPort)];
  args.push('--db-filename', o.dbFilename, '--log-format', 'json', '--log-level', 'warn');
  // The CLI always creates "default"; naming it again is harmless but pointless.
  if (o.namespace !== 'default') args.push('--namespace', o.namespace);
  for (const pair of o.searchAttributes) args.push('--search-attribute', pair);
  for (const value of ['frontend.enableServerVersionCheck=false', 'frontend.enableUpdateWorkflowExecution=true', 'frontend.enableUpdateWorkflowExecutionAsyncAccepted=true']) {
    args.push('--dynamic-config-value', value);
  }
  return [...args, ...o.extraArgs];
}

/** Turns the CLI's own start-up error into one line naming the setting that fixes it. */
function startupError(code: number | null, lastError: string): StartupError {
  const port = /can't set frontend port (\d+)/.exec(lastError) ?? /can't set UI port (\d+)/.exec(lastError);
  if (port && /address already in use/.test(lastError)) {
    const setting = lastError.includes('UI port') ? 'TEMPORAL_UI_PORT' : 'TEMPORAL_DEV_PORT';
    return portInUse(port[1]!, setting);
  }
  const why = lastError || `exit code ${code}`;
  return new StartupError(`the embedded Temporal server stopped during start-up (${why}): check TEMPORAL_CLI_PATH and that DATA_DIR is not used by another running service`);
}

/** One log line of the server: JSON at warn level and above, plain text for its own errors. */
function parseLine(line: string): { level: string; msg: string } {
  try {
    const entry = JSON.parse(line) as { level?: string; msg?: string };
    return { level: entry.level ?? 'INFO', msg: entry.msg ?? line };
  } catch {
    return { level: 'INFO', msg: line };
  }
}

async function connectWhileAlive(address: string, child: ChildProcess, deadline: number): Promise<NativeConnection> {
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error('exited');
    try {
      return await NativeConnection.connect({ address });
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/**
 * Starts `temporal server start-dev` in its own process group and connects to it. It counts
 * as ready once it printed its "Server:" line (the CLI prints it only after binding) and a
 * connection succeeds while it is still alive.
 */
export async function startDevServer(o: DevServerOptions): Promise<DevServer> {
  const log = o.logger.child({ component: 'temporal-server' });
  try {
    accessSync(o.cliPath, constants.X_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new StartupError(`the Temporal CLI ${o.cliPath} cannot be run (${code}): set TEMPORAL_CLI_PATH to the temporal binary, or build it with \`bash scripts/infra/temporal.sh --build-only\``);
  }
  // stdin is the guard's lifeline (GUARD): a pipe we never write to or close.
  const child = spawnGroup('sh', ['-c', GUARD, 'temporal-dev-server', o.cliPath, ...argsFor(o)], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stopping = false;
  let lastError = '';
  let announced!: () => void;
  const serverLine = new Promise<void>((resolve) => (announced = resolve));
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (line.startsWith('Server:')) announced();
    log.debug({ line }, 'temporal server output');
  });
  createInterface({ input: child.stderr! }).on('line', (line) => {
    const { level, msg } = parseLine(line);
    if (level === 'ERROR' || level === 'FATAL') lastError = msg;
    // Its shutdown is noisy by design (pollers cancelled); only errors while running matter.
    if (!stopping && (level === 'ERROR' || level === 'FATAL')) log.warn({ msg }, 'temporal server error');
    else log.debug({ line }, 'temporal server log');
  });
  const spawnFailed = new Promise<never>((_, reject) => child.once('error', reject));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  spawnFailed.catch(() => {});

  try {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    const ready = serverLine.then(() => connectWhileAlive(`127.0.0.1:${o.port}`, child, deadline));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS)));
    const died = exit.then((code) => Promise.reject(startupError(code, lastError)));
    // The losers of the race settle later; they must not surface as unhandled rejections.
    for (const p of [ready, timeout, died]) p.catch(() => {});
    const nativeConnection = await Promise.race([ready, died, spawnFailed, timeout]).finally(() => clearTimeout(timer));
    void exit.then((code) => {
      if (stopping) return;
      log.fatal({ code, lastError }, 'the embedded Temporal server stopped unexpectedly');
      o.onUnexpectedExit(code);
    });
    return {
      address: `127.0.0.1:${o.port}`,
      nativeConnection,
      async stop() {
        stopping = true;
        await nativeConnection.close().catch(() => {});
        await stopGroup(child, STOP_GRACE_MS);
      },
    };
  } catch (error) {
    stopping = true;
    await stopGroup(child, STOP_GRACE_MS);
    if (error instanceof StartupError) throw error;
    throw new StartupError(`the embedded Temporal server was not ready within ${READY_TIMEOUT_MS / 1000} s (${lastError || (error as Error).message}): check TEMPORAL_CLI_PATH`);
  }
}
