import { spawn } from 'node:child_process';
import { access, constants } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { probeElasticsearch, probePostgres, probeTemporal, redact } from './support/probes.ts';
import { elasticsearchUrl, temporalAddress, temporalCliPath, testDatabaseUrl } from './support/services.ts';

/*
 * Runs once before any test file. Tests use real services and must FAIL, never skip, when one
 * is missing: so each service is probed, a missing one is started with its scripts/infra
 * script (a developer convenience; CI starts them up front with scripts/infra/up.sh), and one
 * still missing aborts the whole run with a message saying how to start it.
 */

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

interface Service {
  name: string;
  script: string;
  where: string;
  probe(): Promise<void>;
}

const services: Service[] = [
  { name: 'Postgres', script: 'postgres.sh', where: redact(testDatabaseUrl()), probe: () => probePostgres(testDatabaseUrl()) },
  { name: 'Temporal', script: 'temporal.sh', where: temporalAddress(), probe: () => probeTemporal(temporalAddress()) },
  { name: 'Elasticsearch', script: 'elasticsearch.sh', where: elasticsearchUrl(), probe: () => probeElasticsearch(elasticsearchUrl()) },
  // The embedded mode's tests start their own dev server from this binary.
  { name: 'Temporal CLI', script: 'temporal.sh', where: temporalCliPath(), probe: () => access(temporalCliPath(), constants.X_OK) },
];

async function failure(service: Service): Promise<Error | undefined> {
  try {
    await service.probe();
    return undefined;
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

function runScript(script: string): Promise<number | null> {
  return new Promise((resolve) => {
    // Script progress goes to stderr so it shows next to vitest's own output.
    const child = spawn('bash', [`scripts/infra/${script}`], { cwd: repoRoot, stdio: ['ignore', 2, 2] });
    child.on('error', () => resolve(null));
    child.on('exit', (code) => resolve(code));
  });
}

async function ensure(service: Service): Promise<void> {
  if (!(await failure(service))) return;
  process.stderr.write(`[global-setup] ${service.name} not reachable at ${service.where}; running scripts/infra/${service.script}\n`);
  await runScript(service.script);
  const error = await failure(service);
  if (error) {
    throw new Error(
      `${service.name} is not reachable at ${service.where} (${error.message}). ` +
        `Run \`scripts/infra/${service.script}\` to start it, or start all services with \`eval "$(scripts/infra/up.sh)"\`.`,
    );
  }
}

export default async function setup(): Promise<void> {
  const results = await Promise.allSettled(services.map(ensure));
  const errors = results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason?.message ?? r.reason)] : []));
  if (errors.length > 0) throw new Error(`Test services missing:\n- ${errors.join('\n- ')}`);
  // Code under test that reads these (e.g. the embedded mode's TEMPORAL_CLI_PATH) sees the same
  // values as the helpers; forked workers inherit this environment.
  process.env.TEST_DATABASE_URL = testDatabaseUrl();
  process.env.TEMPORAL_ADDRESS = temporalAddress();
  process.env.ELASTICSEARCH_URL = elasticsearchUrl();
  process.env.TEMPORAL_CLI_PATH = temporalCliPath();
}
