import type { Config } from './config.ts';
import { ConfigError, loadConfig } from './config.ts';
import type { Logger } from './logger.ts';
import { createLogger } from './logger.ts';
import { StartupError } from './preflight.ts';

/**
 * How long a stop may run past SHUTDOWN_GRACE_MS before the process exits anyway: the
 * worker gives activities the grace time, then children (MCP servers, Temporal) get a
 * couple of seconds each. Work cut off here is still in Temporal and resumes on the next start.
 */
const STOP_MARGIN_MS = 8_000;

const SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;

/**
 * The shape of every process entry point: parse the configuration (a bad value exits 2 with
 * the message naming the variable), start, and run the returned stop once on SIGTERM, SIGINT
 * or SIGHUP. A start-up fault exits 1 with one line on stderr. Files are created private
 * (umask 077): the data folder holds the database, secrets and Temporal's history, and the
 * children we start (Temporal, MCP servers) inherit the mask.
 */
export async function runEntry(start: (config: Config, logger: Logger) => Promise<() => Promise<void>>): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
  process.umask(0o077);
  const logger = createLogger(config.LOG_LEVEL);
  const lifecycle = new Lifecycle(logger, config.SHUTDOWN_GRACE_MS + STOP_MARGIN_MS);
  for (const signal of SIGNALS) process.on(signal, () => lifecycle.onSignal(signal));
  let stop: () => Promise<void>;
  try {
    stop = await start(config, logger);
  } catch (error) {
    // Children started so far are killed by the exit hook of platform/process-group.ts.
    if (error instanceof StartupError) process.stderr.write(`switchboard: ${error.message}\n`);
    else {
      logger.fatal({ err: error }, 'start-up failed');
      process.stderr.write(`switchboard: start-up failed: ${(error as Error).message?.split('\n')[0] ?? String(error)}\n`);
    }
    process.exit(1);
  }
  lifecycle.started(stop);
}

/**
 * Signals may arrive during start-up (a Ctrl-C while Temporal starts), during the run, or
 * repeatedly (npm and tsx relay the terminal's SIGINT, so one Ctrl-C can arrive twice):
 * the first one starts the one stop, later ones are ignored, and a deadline bounds it.
 */
class Lifecycle {
  private stop?: () => Promise<void>;
  private signalled?: string;

  constructor(
    private readonly logger: Logger,
    private readonly deadlineMs: number,
  ) {}

  onSignal(signal: string): void {
    if (this.signalled) return;
    this.signalled = signal;
    this.logger.info({ signal }, 'signal received');
    const deadline = setTimeout(() => {
      this.logger.error({ ms: this.deadlineMs }, 'shutdown did not finish in time; exiting (interrupted work resumes on the next start)');
      process.exit(1);
    }, this.deadlineMs);
    deadline.unref();
    if (this.stop) this.runStop(this.stop);
    // Nothing is serving yet: a half-started service has nothing to drain.
    else this.logger.info('stopping during start-up');
  }

  started(stop: () => Promise<void>): void {
    this.stop = stop;
    if (this.signalled) this.runStop(stop);
  }

  private runStop(stop: () => Promise<void>): void {
    stop().then(
      // exitCode may already be 1: the embedded Temporal server died under us (platform/temporal.ts).
      () => process.exit(),
      (err: unknown) => {
        this.logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  }
}
