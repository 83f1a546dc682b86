import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SEARCH_ATTRIBUTES } from '../../contracts/index.ts';
import { configSchema } from '../../platform/config.ts';

// docker-compose.yml and scripts/scale-out.sh describe one production shape. No Docker engine
// runs here, so the compose file is checked as text: every variable it gives our processes is
// one platform/config.ts reads (a misspelt or retired name would be silently ignored), and the
// scale-out script sets the same variables.

const read = (path: string) => readFileSync(fileURLToPath(new URL(`../../${path}`, import.meta.url)), 'utf8');

interface ComposeService {
  command?: string[];
  environment?: Record<string, string | number | boolean | null>;
  healthcheck?: { test?: string[] };
  image?: string;
  ports?: (string | { target?: number; published?: string | number; host_ip?: string })[];
  expose?: string[];
  networks?: string[] | Record<string, unknown>;
}

const composeText = read('docker-compose.yml');
const compose = parse(composeText, { merge: true }) as { services: Record<string, ComposeService>; networks?: Record<string, { internal?: boolean } | null> };
/** Our own processes: the ones that run `npm run api`, `npm run worker` or the one-shot `npm run db:migrate`. */
const ours = Object.entries(compose.services).filter(([, service]) => ['api', 'worker', 'db:migrate'].includes(service.command?.at(-1) ?? ''));
const known = new Set(Object.keys(configSchema.shape));
// Read by our processes apart from platform/config.ts: the Node runtime, and the worker's container
// health check (scripts/infra/worker-healthcheck.mjs reads the Temporal variables itself).
const outsideConfig = new Set(['NODE_ENV']);

describe('docker-compose.yml', () => {
  it('runs our two processes and the one-shot migration', () => {
    expect(ours.map(([name]) => name).sort()).toEqual(['api', 'migrate', 'worker']);
  });

  it.each(ours)('gives %s only variables platform/config.ts knows', (_name, service) => {
    const names = Object.keys(service.environment ?? {});
    expect(names.length).toBeGreaterThan(5);
    expect(names.filter((name) => !known.has(name) && !outsideConfig.has(name))).toEqual([]);
  });

  it.each(ours)('gives %s every variable the production shape requires', (_name, service) => {
    const env = service.environment ?? {};
    for (const name of ['DATABASE_URL', 'TEMPORAL_ADDRESS', 'ADMIN_KEY', 'JWT_SECRET', 'CREDENTIALS_KEY', 'ELASTICSEARCH_URL', 'SEARCH_BACKEND']) {
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

// Issue 33 item 10: the production shape published the Temporal UI on every interface, ran
// Elasticsearch without security and Postgres with a default password, on a network the worker
// (which runs users' tools) reaches, and served metrics there without a credential.
describe('docker-compose.yml: what it exposes, and to whom', () => {
  /** host address, host port and container port of each `ports:` entry, short or long form. */
  const published = (service: ComposeService) =>
    (service.ports ?? []).map((entry) => {
      if (typeof entry !== 'string') return { host: entry.host_ip ?? '0.0.0.0', port: String(entry.published ?? ''), target: String(entry.target ?? '') };
      const parts = entry.split(':');
      const target = parts.pop()!;
      const port = parts.pop() ?? target;
      return { host: parts.length ? parts.join(':') : '0.0.0.0', port, target };
    });
  const networksOf = (service: ComposeService) => (Array.isArray(service.networks) ? service.networks : Object.keys(service.networks ?? { default: null }));

  it('publishes nothing but the API on the host\'s other interfaces, and the Temporal UI on loopback only', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      for (const entry of published(service)) {
        const loopback = entry.host === '127.0.0.1' || entry.host === '[::1]';
        if (!loopback) expect(name, `${name} publishes ${entry.port} on ${entry.host}`).toBe('api');
        for (const port of ['5432', '9200', '9300', '7233', '7243', '8233', '9464', '8080']) {
          expect(loopback || (!entry.port.split('-').includes(port) && entry.target !== port), `${name} publishes ${port} on ${entry.host}`).toBe(true);
        }
      }
    }
    expect(published(compose.services['temporal-ui']!)).toEqual([{ host: '127.0.0.1', port: '8233', target: '8080' }]);
    for (const name of ['postgres', 'elasticsearch', 'temporal']) expect(compose.services[name]!.ports, name).toBeUndefined();
  });

  it('keeps Postgres, Elasticsearch and Temporal on an internal network, and the Temporal UI off the worker\'s networks', () => {
    for (const name of ['postgres', 'elasticsearch', 'temporal']) {
      for (const network of networksOf(compose.services[name]!)) expect(compose.networks?.[network]?.internal, `${name} on ${network}`).toBe(true);
    }
    const worker = new Set(networksOf(compose.services.worker!));
    const ui = networksOf(compose.services['temporal-ui']!);
    expect(ui.filter((network) => worker.has(network))).toEqual([]);
  });

  it('has no default password: each secret is a required variable', () => {
    // `${VAR:-default}` or a literal would start the service with a password anyone can read here.
    // (`$${VAR}` is compose's escape: the container's shell expands it, from the required variable.)
    for (const variable of ['POSTGRES_PASSWORD', 'ELASTIC_PASSWORD', 'METRICS_TOKEN', 'ADMIN_KEY', 'JWT_SECRET', 'CREDENTIALS_KEY']) {
      const uses = [...composeText.matchAll(new RegExp(`(?<!\\$)\\$\\{${variable}(:?[-?])?([^}]*)\\}`, 'g'))];
      expect(uses.length, variable).toBeGreaterThan(0);
      for (const use of uses) expect(use[1], `${use[0]}`).toBe(':?');
    }
    expect(compose.services.postgres!.environment?.POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD:\?/);
    for (const [name, service] of ours) expect(String(service.environment?.DATABASE_URL), name).toContain('${POSTGRES_PASSWORD:?');
  });

  it('runs Elasticsearch with security on, and gives our processes its credentials', () => {
    const env = compose.services.elasticsearch!.environment ?? {};
    expect(env['xpack.security.enabled']).toBe('true');
    expect(String(env.ELASTIC_PASSWORD)).toMatch(/^\$\{ELASTIC_PASSWORD:\?/);
    expect(compose.services.elasticsearch!.healthcheck?.test?.join(' ')).toContain('-u "elastic:$${ELASTIC_PASSWORD}"');
    for (const [name, service] of ours) {
      expect(service.environment?.ELASTICSEARCH_USERNAME, name).toBe('elastic');
      expect(String(service.environment?.ELASTICSEARCH_PASSWORD), name).toMatch(/^\$\{ELASTIC_PASSWORD:\?/);
    }
  });

  it('serves metrics only with METRICS_TOKEN wherever a listener is off loopback', () => {
    for (const [name, service] of ours) {
      const env = service.environment ?? {};
      if (!env.METRICS_PORT) continue;
      expect(env.METRICS_HOST === undefined || env.METRICS_HOST === '127.0.0.1', `${name} on ${env.METRICS_HOST}`).toBe(false);
      expect(String(env.METRICS_TOKEN), name).toMatch(/^\$\{METRICS_TOKEN:\?/);
      expect(service.ports ?? [], name).not.toContainEqual(expect.stringContaining('9464'));
    }
  });
});

describe('scripts/scale-out.sh', () => {
  it('sets the variables the compose file gives our processes', () => {
    const script = read('scripts/scale-out.sh');
    const exported = new Set([...script.matchAll(/^\s*export ([A-Z_]+)=/gm)].map((m) => m[1]));
    const composeNames = new Set(ours.flatMap(([, service]) => Object.keys(service.environment ?? {})));
    // Containers listen on every interface and keep data on a volume; here each process gets its own port
    // (and its own metrics port, on loopback).
    // Elasticsearch credentials and the metrics token belong to the compose shape's secured
    // services; the script's Elasticsearch runs without security and its metrics on loopback.
    const containerOnly = new Set(['DATA_DIR', 'HOST', 'PORT', 'METRICS_HOST', 'METRICS_TOKEN', 'ELASTICSEARCH_USERNAME', 'ELASTICSEARCH_PASSWORD']);
    expect([...composeNames].filter((name) => !exported.has(name) && !containerOnly.has(name))).toEqual([]);
    expect([...exported].filter((name) => !known.has(name))).toEqual([]);
  });
});
