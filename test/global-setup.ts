import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { FAST_TIER, isFastTier } from './support/fast-tier.ts';
import { DEFAULT_TEMPORAL_CLUSTER_ADDRESS } from './support/temporal-cluster.ts';
import { probeBinaries, probeChromium, probeElasticsearch, probeMcpSandbox, probePostgres, probeTemporal, probeTemporalCli, redact } from './support/probes.ts';
import {
  chromiumPath,
  DEFAULT_CHROMIUM_PATH,
  DEFAULT_ELASTICSEARCH_URL,
  DEFAULT_TEMPORAL_ADDRESS,
  DEFAULT_TEMPORAL_CLI_PATH,
  DEFAULT_TEST_DATABASE_URL,
  elasticsearchUrl,
  temporalAddress,
  TEMPORAL_SERVER_BINARIES,
  temporalCliPath,
  testDatabaseUrl,
} from './support/services.ts';

/*
 * Runs once before any test file: `npm test` alone brings up what the suite needs.
 * - A service that already answers is reused and never stopped (teammates and other runs share it).
 * - A missing one at its default address is started with its scripts/infra script, after the
 *   script's `--check` has proved the machine has what it takes (Go, Java, apt, root...): a
 *   machine that lacks something fails in seconds with one line naming it, not after a build.
 * - What this run started, it stops in its teardown.
 * Tests must FAIL, never skip, when a service is missing, so a service still missing aborts the run.
 */

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

type Script = 'postgres.sh' | 'temporal.sh' | 'temporal-cluster.sh' | 'elasticsearch.sh' | 'chromium.sh' | 'sandbox.sh';

interface Service {
  name: string;
  where: string;
  /** The variable that points the suite at another instance (none for a binary only we build). */
  variable?: string;
  /** Only an instance at the scripts' own default address can be started by them. */
  startable: boolean;
  script: Script;
  args: string[];
  /** How the script proves this machine can start the service; `--check` unless said. */
  checkArgs?: string[];
  /** scripts/infra/down.sh's name for it; none for the binaries (CLI, server, browser), which are not processes. */
  stopAs?: 'postgres' | 'temporal' | 'elasticsearch';
  probe(): Promise<void>;
}

function services(): Service[] {
  return [
    {
      name: 'Postgres', where: redact(testDatabaseUrl()), variable: 'TEST_DATABASE_URL', startable: testDatabaseUrl() === DEFAULT_TEST_DATABASE_URL,
      script: 'postgres.sh', args: [], stopAs: 'postgres', probe: () => probePostgres(testDatabaseUrl()),
    },
    {
      // The embedded mode's tests (and `npm start` in the fresh-start test) run their own dev server from this binary.
      name: 'Temporal CLI', where: temporalCliPath(), variable: 'TEMPORAL_CLI_PATH', startable: temporalCliPath() === DEFAULT_TEMPORAL_CLI_PATH,
      script: 'temporal.sh', args: ['--build-only'], probe: () => probeTemporalCli(temporalCliPath()),
    },
    {
      // Built here, before the tests load the machine, not in the scale-out tests' hook: a cold
      // build took about 3 min on 2 idle cores and 20 min under the suite's load. Those tests
      // start the cluster from it (test/support/temporal-cluster.ts).
      name: 'Temporal server', where: TEMPORAL_SERVER_BINARIES[0], startable: true,
      script: 'temporal-cluster.sh', args: ['--build-only'], checkArgs: ['--check-build'], probe: () => probeBinaries(TEMPORAL_SERVER_BINARIES),
    },
    {
      name: 'Temporal', where: temporalAddress(), variable: 'TEMPORAL_ADDRESS', startable: temporalAddress() === DEFAULT_TEMPORAL_ADDRESS,
      script: 'temporal.sh', args: [], stopAs: 'temporal', probe: () => probeTemporal(temporalAddress()),
    },
    {
      name: 'Elasticsearch', where: elasticsearchUrl(), variable: 'ELASTICSEARCH_URL', startable: elasticsearchUrl() === DEFAULT_ELASTICSEARCH_URL,
      script: 'elasticsearch.sh', args: [], stopAs: 'elasticsearch', probe: () => probeElasticsearch(elasticsearchUrl()),
    },
    {
      // The console's browser tests (test/console/); a binary, installed once, never stopped.
      name: 'Chromium', where: chromiumPath(), variable: 'CHROMIUM_PATH', startable: chromiumPath() === DEFAULT_CHROMIUM_PATH,
      script: 'chromium.sh', args: [], probe: () => probeChromium(chromiumPath()),
    },
    {
      // Every catalog MCP server runs in it (test/sandbox/); binaries, installed once, never stopped.
      name: 'MCP sandbox', where: 'bubblewrap', startable: true,
      script: 'sandbox.sh', args: [], probe: probeMcpSandbox,
    },
  ];
}

function say(line: string): void {
  process.stderr.write(`[test-services] ${line}\n`);
}

async function failure(probe: () => Promise<void>): Promise<string | undefined> {
  try {
    await probe();
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** How long a service its script just started may take to answer our own probe too. */
const SETTLE_MS = 180_000;

/**
 * The probe's failure once it has kept failing for SETTLE_MS, or undefined once it answers. A
 * script's own readiness check is not ours: on a fresh machine, with the Temporal server still
 * compiling on both cores, `temporal operator cluster health` said SERVING while the SDK's
 * connection to the same dev server timed out (5 s) right after. A 60 s window was once not
 * enough either (2026-12-02: ten probes in a row timed out, the last 24 s after the build had
 * ended, and the same probe from another process answered in 57 ms minutes later); the cause is
 * not known, so the window is generous: it costs nothing when the service answers.
 */
async function failureAfterStart(probe: () => Promise<void>): Promise<string | undefined> {
  const deadline = Date.now() + SETTLE_MS;
  for (;;) {
    const why = await failure(probe);
    if (why === undefined || Date.now() >= deadline) return why;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/** Runs a scripts/infra script; its progress lines go to our stderr unless captured. */
function runScript(script: string, args: string[], capture = false): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', [`scripts/infra/${script}`, ...args], { cwd: repoRoot, stdio: ['ignore', capture ? 'pipe' : 2, capture ? 'pipe' : 2] });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => resolve({ code: null, output: error.message }));
    child.on('exit', (code) => resolve({ code, output: output.trim() }));
  });
}

/** Why this service cannot be started here, in one line, or undefined when it can. */
async function whyNotStartable(service: Service, reason: string): Promise<string | undefined> {
  if (!service.startable) {
    return `${service.name} does not answer at ${service.where} (${reason}); ${service.variable} points there, so it is not started here`;
  }
  const check = await runScript(service.script, service.checkArgs ?? ['--check'], true);
  if (check.code === 0) return undefined;
  return check.output.split('\n').pop() || `${service.name}: scripts/infra/${service.script} --check failed`;
}

async function stop(names: Array<NonNullable<Service['stopAs']>>): Promise<void> {
  if (names.length === 0) return;
  say(`stopping what this run started: ${names.join(', ')}`);
  await runScript('down.sh', names);
}

/**
 * Reuses or starts every service and returns the teardown that stops what it started.
 * Throws one line per missing service (what is missing and what to do) when it cannot.
 * `only` names the services to prepare (the fast tier's); all of them unless given.
 */
export async function prepareServices(only?: readonly string[]): Promise<() => Promise<void>> {
  const all = services().filter((s) => !only || only.includes(s.name));
  const reasons = await Promise.all(all.map((s) => failure(s.probe)));
  const missing = all.filter((_, i) => reasons[i] !== undefined);
  for (const service of all.filter((_, i) => reasons[i] === undefined)) say(`${service.name}: reusing ${service.where}`);
  if (missing.length === 0) return async () => {};

  const problems = (await Promise.all(missing.map((s) => whyNotStartable(s, reasons[all.indexOf(s)]!)))).filter((p) => p !== undefined);
  if (problems.length > 0) throw oneLinePerProblem(problems);

  // temporal.sh without --build-only also builds the CLI, so a missing server covers a missing CLI.
  const serverMissing = missing.some((s) => s.name === 'Temporal');
  const toStart = missing.filter((s) => !(s.name === 'Temporal CLI' && serverMissing));
  const started: Array<NonNullable<Service['stopAs']>> = [];
  const startProblems: string[] = [];
  await Promise.all(
    toStart.map(async (service) => {
      const t0 = Date.now();
      say(`${service.name}: not found at ${service.where}; starting it with scripts/infra/${service.script} ${service.args.join(' ')}`.trimEnd());
      const run = await runScript(service.script, service.args);
      // A script that failed is not waited for: its service is not coming.
      const still = run.code === 0 ? await failureAfterStart(service.probe) : await failure(service.probe);
      if (still) {
        startProblems.push(`${service.name} still does not answer at ${service.where} after scripts/infra/${service.script} (exit ${run.code}): ${still}`);
        return;
      }
      if (service.stopAs) started.push(service.stopAs);
      say(`${service.name}: ready in ${Math.round((Date.now() - t0) / 1000)} s${service.stopAs ? ' (started by this run, stopped when it ends)' : ''}`);
    }),
  );
  const cli = missing.find((s) => s.name === 'Temporal CLI');
  const cliStillMissing = cli && serverMissing ? await failure(cli.probe) : undefined;
  if (cliStillMissing) startProblems.push(`Temporal CLI still missing at ${cli!.where}: ${cliStillMissing}`);
  if (startProblems.length > 0) {
    await stop(started);
    throw oneLinePerProblem(startProblems);
  }
  return () => stop(started.reverse());
}

/** An error whose printout is just the lines: a stack trace would only bury them. */
function oneLinePerProblem(lines: string[]): Error {
  const error = new Error(`The test services are not available:\n- ${lines.join('\n- ')}`);
  error.stack = error.message;
  return error;
}

/** The console's build, as `npm start` makes it, for the tests that load its pages. */
async function buildConsole(): Promise<void> {
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, ['scripts/console-build.mjs'], { cwd: repoRoot, stdio: ['ignore', 2, 2] });
    child.on('error', () => resolve(null));
    child.on('exit', resolve);
  });
  if (code !== 0) throw oneLinePerProblem([`the web console did not build (node scripts/console-build.mjs exited ${code})`]);
}

/**
 * The real Temporal cluster is started by the scale-out tests that need it (ensureTemporalCluster),
 * not here; a cluster this run started that way is stopped with the rest when the run ends.
 */
async function clusterStoppedAfterRun(): Promise<() => Promise<void>> {
  const runningBefore = (await failure(() => probeTemporal(DEFAULT_TEMPORAL_CLUSTER_ADDRESS))) === undefined;
  return async () => {
    if (runningBefore || (await failure(() => probeTemporal(DEFAULT_TEMPORAL_CLUSTER_ADDRESS))) !== undefined) return;
    say('stopping the Temporal cluster the scale-out tests started');
    await runScript('down.sh', ['temporal-cluster']);
  };
}

export default async function setup(): Promise<() => Promise<void>> {
  // The fast tier's tests load no console page and start no cluster (test/support/fast-tier.ts).
  const fast = isFastTier();
  if (fast) say(`fast tier: preparing ${FAST_TIER.services.join(' and ')} only`);
  else await buildConsole();
  const stopServices = await prepareServices(fast ? FAST_TIER.services : undefined);
  const stopCluster = fast ? async () => {} : await clusterStoppedAfterRun();
  const teardown = async () => {
    await stopCluster();
    await stopServices();
  };
  // Code under test that reads these (e.g. the embedded mode's TEMPORAL_CLI_PATH) sees the same
  // values as the helpers; forked workers inherit this environment.
  process.env.TEST_DATABASE_URL = testDatabaseUrl();
  process.env.TEMPORAL_ADDRESS = temporalAddress();
  process.env.ELASTICSEARCH_URL = elasticsearchUrl();
  process.env.TEMPORAL_CLI_PATH = temporalCliPath();
  process.env.CHROMIUM_PATH = chromiumPath();
  return teardown;
}
