import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareServices } from '../global-setup.ts';
import { probeElasticsearch, probePostgres, probeTemporal } from '../support/probes.ts';
import { elasticsearchUrl, temporalAddress, testDatabaseUrl } from '../support/services.ts';

// `npm test` brings up its own services: what the global setup reuses it leaves running, and
// a machine that lacks something fails at once with one line naming it.

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const sandbox = mkdtempSync(join(tmpdir(), 'infra-check-'));
afterAll(() => rmSync(sandbox, { recursive: true, force: true }));

/** Runs `scripts/infra/<script> --check` from a copy of scripts/infra with only `tools` on PATH. */
function checkWith(script: string, tools: string[], env: Record<string, string> = {}) {
  const root = mkdtempSync(join(sandbox, 'repo-'));
  cpSync(join(repoRoot, 'scripts/infra'), join(root, 'scripts/infra'), { recursive: true });
  const bin = join(root, 'bin');
  mkdirSync(bin);
  for (const tool of ['dirname', 'mkdir', 'cut', 'getent', 'id', 'sed', 'head', ...tools]) {
    const found = spawnSync('bash', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim();
    if (found) symlinkSync(found, join(bin, tool));
  }
  const run = spawnSync('/bin/bash', [join(root, 'scripts/infra', script), '--check'], {
    encoding: 'utf8',
    env: { PATH: bin, HOME: process.env.HOME ?? '/root', ...env },
  });
  return { status: run.status, lines: run.stderr.trim().split('\n').filter(Boolean) };
}

describe('test services set-up', () => {
  it('reuses services that already answer and its teardown leaves them running', async () => {
    const teardown = await prepareServices();
    await teardown();
    await expect(probePostgres(testDatabaseUrl())).resolves.toBeUndefined();
    await expect(probeTemporal(temporalAddress())).resolves.toBeUndefined();
    await expect(probeElasticsearch(elasticsearchUrl())).resolves.toBeUndefined();
  });

  it('fails in one line per service it cannot reach or start, naming the variable', async () => {
    const saved = process.env.TEST_DATABASE_URL;
    process.env.TEST_DATABASE_URL = 'postgres://switchboard:secret@127.0.0.1:1/postgres';
    try {
      const error = await prepareServices().then(
        () => undefined,
        (e: Error) => e,
      );
      expect(error).toBeInstanceOf(Error);
      const lines = error!.message.split('\n');
      expect(lines).toHaveLength(2);
      expect(lines[1]).toMatch(/^- Postgres does not answer at postgres:\/\/switchboard:\*\*\*@127\.0\.0\.1:1\/postgres .*TEST_DATABASE_URL points there/);
      expect(error!.message).not.toContain('secret');
    } finally {
      process.env.TEST_DATABASE_URL = saved;
    }
  });

  it('says which prerequisite is missing before any download or build: Elasticsearch without Java', () => {
    const check = checkWith('elasticsearch.sh', ['curl', 'unzip', 'mvn']);
    expect(check.status).toBe(3);
    expect(check.lines).toEqual([expect.stringMatching(/^Elasticsearch: .* needs Java 17 or newer, which is not installed$/)]);
  });

  it('says which prerequisite is missing: Postgres not installed and no apt-get', () => {
    const check = checkWith('postgres.sh', [], { PG_VERSION: '99' });
    expect(check.status).toBe(3);
    expect(check.lines).toEqual([expect.stringMatching(/^Postgres: .*Postgres 99 is not installed and there is no apt-get/)]);
  });

  it('passes the checks on this machine, which has what every script needs', () => {
    const checks = [['postgres.sh', '--check'], ['temporal.sh', '--check'], ['elasticsearch.sh', '--check'], ['temporal-cluster.sh', '--check'], ['temporal-cluster.sh', '--check-build']];
    for (const [script, check] of checks) {
      const run = spawnSync('bash', [join(repoRoot, 'scripts/infra', script), check], { encoding: 'utf8' });
      expect({ script, check, status: run.status, stderr: run.stderr }).toEqual({ script, check, status: 0, stderr: '' });
    }
  });
});
