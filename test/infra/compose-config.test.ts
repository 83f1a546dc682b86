import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SEARCH_ATTRIBUTES } from '../../contracts/index.ts';
import { configSchema } from '../../lib/config.ts';

// docker-compose.yml and scripts/scale-out.sh describe one production shape. No Docker engine
// runs here, so the compose file is checked as text: every variable it gives our processes is
// one lib/config.ts reads (a misspelt or retired name would be silently ignored), and the
// scale-out script sets the same variables.

const read = (path: string) => readFileSync(fileURLToPath(new URL(`../../${path}`, import.meta.url)), 'utf8');

interface ComposeService {
  command?: string[];
  environment?: Record<string, string | number | boolean | null>;
  healthcheck?: { test?: string[] };
  image?: string;
}

const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, ComposeService> };
/** Our own processes: the ones that run `npm run api`, `npm run worker` or the one-shot `npm run db:migrate`. */
const ours = Object.entries(compose.services).filter(([, service]) => ['api', 'worker', 'db:migrate'].includes(service.command?.at(-1) ?? ''));
const known = new Set(Object.keys(configSchema.shape));
// Read by our processes apart from lib/config.ts: the Node runtime, and the worker's container
// health check (scripts/infra/worker-healthcheck.mjs reads the Temporal variables itself).
const outsideConfig = new Set(['NODE_ENV']);

describe('docker-compose.yml', () => {
  it('runs our two processes and the one-shot migration', () => {
    expect(ours.map(([name]) => name).sort()).toEqual(['api', 'migrate', 'worker']);
  });

  it.each(ours)('gives %s only variables lib/config.ts knows', (_name, service) => {
    const names = Object.keys(service.environment ?? {});
    expect(names.length).toBeGreaterThan(5);
    expect(names.filter((name) => !known.has(name) && !outsideConfig.has(name))).toEqual([]);
  });

  it.each(ours)('gives %s every variable the production shape requires', (_name, service) => {
    const env = service.environment ?? {};
    for (const name of ['DATABASE_URL', 'TEMPORAL_ADDRESS', 'ADMIN_KEY', 'JWT_SECRET', 'ELASTICSEARCH_URL', 'SEARCH_BACKEND']) {
      expect(env[name], name).toBeTruthy();
    }
  });

  it('runs the real Temporal server on Postgres, the version scripts/infra builds', () => {
    const script = read('scripts/infra/temporal-cluster.sh');
    const version = /TEMPORAL_SERVER_VERSION="\$\{TEMPORAL_SERVER_VERSION:-v([\d.]+)\}"/.exec(script)?.[1];
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    const temporal = compose.services.temporal!;
    expect(temporal.image).toContain(`temporalio/server:\${TEMPORAL_VERSION:-${version}}`);
    expect(temporal.environment?.DB).toBe('postgres12');
    expect(temporal.healthcheck?.test?.join(' ')).toContain('/api/v1/cluster-info');
    expect(temporal.environment?.NUM_HISTORY_SHARDS).toBe('4');
    // The same dynamic configuration file as the script's cluster.
    expect((temporal as { volumes?: string[] }).volumes?.join(' ')).toContain('./scripts/infra/temporal-cluster-dynamicconfig.yaml:');
    expect(script).toContain('scripts/infra/temporal-cluster-dynamicconfig.yaml');
  });

  it('creates every search attribute our workflows set', () => {
    const setup = (compose.services['temporal-namespace'] as { command?: string[] }).command?.join('\n') ?? '';
    const names = /for name in ([\w ]+); do/.exec(setup)?.[1]?.split(' ') ?? [];
    expect(names.sort()).toEqual(Object.values(SEARCH_ATTRIBUTES).sort());
  });

  it('has a health check on every service, and Elasticsearch at the version elasticsearch.sh runs', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      // One-shot set-up containers finish; they have nothing to check.
      if ((service as { restart?: string }).restart === 'no') continue;
      expect(service.healthcheck?.test, name).toBeDefined();
    }
    const esVersion = /ES_VERSION="\$\{ES_VERSION:-([\d.]+)\}"/.exec(read('scripts/infra/elasticsearch.sh'))?.[1];
    expect(compose.services.elasticsearch!.image).toContain(`:\${ELASTICSEARCH_VERSION:-${esVersion}}`);
  });
});

describe('scripts/scale-out.sh', () => {
  it('sets the variables the compose file gives our processes', () => {
    const script = read('scripts/scale-out.sh');
    const exported = new Set([...script.matchAll(/^\s*export ([A-Z_]+)=/gm)].map((m) => m[1]));
    const composeNames = new Set(ours.flatMap(([, service]) => Object.keys(service.environment ?? {})));
    // Containers listen on every interface and keep data on a volume; here each process gets its own port
    // (and its own metrics port, on loopback).
    const containerOnly = new Set(['DATA_DIR', 'HOST', 'PORT', 'METRICS_HOST']);
    expect([...composeNames].filter((name) => !exported.has(name) && !containerOnly.has(name))).toEqual([]);
    expect([...exported].filter((name) => !known.has(name))).toEqual([]);
  });
});
