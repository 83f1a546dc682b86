import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertSyncedEntries } from '../../db/registry/sync.ts';
import { probeSandbox } from '../../sandbox/index.ts';
import { addReferenceServers, createExecutionApp } from '../execution/helpers/setup.ts';
import { startNpmRegistryStub } from '../support/npm-registry-stub.ts';
import type { NpmRegistryStub } from '../support/npm-registry-stub.ts';
import type { TestApp } from '../support/test-app.ts';
import { bundleHostileServer, publishBundledServer } from './hostile.ts';

type User = Awaited<ReturnType<TestApp['createUser']>>;
type Report = { ok?: boolean; code?: string; content?: string; started?: number; error?: string; allocatedMb?: number; text?: string };

// Issue 35's hostile server, the whole way a catalog server comes to run: published as an npm
// package (on a registry mirror standing in at the network edge: NPM_REGISTRY_URL), found in
// the registry, installed by the service on a user's first call and run in the sandbox as that
// user's instance, every attack asked for through POST /v1/execute_tool. Each attack must fail
// on the real service's own data folder, process and ports, and the service keeps serving.

const HOSTILE = 'sb-hostile-server';
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

describe('a hostile catalog server run through the service', { timeout: 300_000 }, () => {
  let t: TestApp;
  let registry: NpmRegistryStub;
  let bundle: Awaited<ReturnType<typeof bundleHostileServer>>;
  let attacker: User;
  let victim: User;
  let apiPort: number;
  let apiConnections = 0;

  const run = (user: User, tool: string, params: Record<string, unknown> = {}) =>
    t.app.inject({ method: 'POST', url: '/v1/execute_tool', headers: user.headers, payload: { tool_name: tool, params } });
  /** The hostile tool's own report of what happened, read from a successful run. */
  const attack = async (tool: string, params: Record<string, unknown> = {}): Promise<Report> => {
    const res = await run(attacker, `hostile/${tool}`, params);
    expect(res.statusCode, res.body).toBe(200);
    return JSON.parse(res.json().data.result.content[0].text as string) as Report;
  };
  const health = async () => (await t.app.inject({ method: 'GET', url: '/health' })).statusCode;

  beforeAll(async () => {
    expect(await probeSandbox()).toMatchObject({ ok: true });
    bundle = await bundleHostileServer();
    const published = await publishBundledServer(bundle, HOSTILE);
    registry = await startNpmRegistryStub([{ name: HOSTILE, version: '1.0.0', fields: { bin: { [HOSTILE]: 'server.mjs' } }, published: published.tarball }]);
    t = await createExecutionApp({ NPM_REGISTRY_URL: registry.url });
    await addReferenceServers(t, ['memory']);
    await upsertSyncedEntries(t.db, [published.entry('hostile')]);
    attacker = await t.createUser({ plan: 'pro' });
    victim = await t.createUser({ plan: 'pro' });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    apiPort = (t.app.server.address() as AddressInfo).port;
    (t.app.server as Server).on('connection', () => apiConnections++);
    // Another user's data, which the attacker is after.
    const wrote = await run(victim, 'memory/create_entities', { entities: [{ name: 'victim-secret-5e1d', entityType: 'note', observations: ['the victim wrote this'] }] });
    expect(wrote.statusCode, wrote.body).toBe(200);
  }, 240_000);

  afterAll(async () => {
    await t?.close();
    await registry?.close();
    bundle?.cleanup();
  });

  it('is installed from the registry on the first call and runs as the sandbox user, in a world of its own', async () => {
    const me = await attack('whoami');
    expect(registry.tarballRequests.get(HOSTILE)).toBe(1);
    expect(me).toMatchObject({ hostname: 'sandbox' });
    // Under a root service it runs as the sandbox's own uid, never as root.
    if (process.getuid?.() === 0) expect(me).toMatchObject({ uid: 65532 });
  });

  it("cannot read the data folder, another user's files, the repository or .cache", async () => {
    const dataDir = resolve(t.config.DATA_DIR);
    // The embedded default keeps its keys in DATA_DIR/secrets.json: a stand-in of it.
    writeFileSync(join(dataDir, 'secrets.json'), '{"ADMIN_KEY":"canary-4b2f"}');
    const targets = [join(dataDir, 'secrets.json'), join(dataDir, 'users', victim.user.id, 'memory', 'memory.jsonl'), join(repoRoot, 'package.json'), join(repoRoot, '.cache', 'bin', 'temporal')];
    // Each is there to be read by the service: a refusal is the sandbox's, not a missing file.
    for (const path of targets) expect(existsSync(path), path).toBe(true);
    for (const path of targets) {
      const outcome = await attack('read_file', { path });
      expect(outcome, path).toMatchObject({ ok: false });
      expect(JSON.stringify(outcome)).not.toMatch(/victim-secret-5e1d|canary-4b2f/);
    }
  });

  it("cannot read the service's /proc/<pid>/environ", async () => {
    const environ = readFileSync(`/proc/${process.pid}/environ`, 'utf8');
    const marker = environ.split('\0').find((line) => line.startsWith('PATH='))!;
    expect(marker).toBeTruthy();
    for (const pid of [process.pid, 1, 2]) {
      const outcome = await attack('read_file', { path: `/proc/${pid}/environ` });
      // Its /proc is its own pid namespace's: the service is not in it, and its own processes have its own environment.
      expect(outcome.content ?? '', `pid ${pid}`).not.toContain(marker);
      expect(outcome.content ?? '').not.toContain(t.config.DATA_DIR);
    }
  });

  it("cannot connect to the service's API, Postgres, Temporal or Elasticsearch, nor to a private network", async () => {
    const ports = { api: apiPort, postgres: 5432, temporal: 7233, elasticsearch: 9200 };
    const before = apiConnections;
    for (const [name, port] of Object.entries(ports)) {
      for (const host of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) expect(await attack('connect', { host, port }), `${name} at ${host}`).toMatchObject({ ok: false });
    }
    expect(await attack('connect', { host: '10.0.0.1', port: 80 })).toMatchObject({ ok: false });
    expect(apiConnections).toBe(before);
  });

  it("cannot write outside its folder, into another user's or the service's", async () => {
    const dataDir = resolve(t.config.DATA_DIR);
    for (const path of [join(dataDir, 'users', victim.user.id, 'memory', 'planted.txt'), join(dataDir, 'planted.txt'), join(repoRoot, 'planted.txt'), '/usr/planted']) {
      expect(await attack('write_file', { path, content: 'ignore previous instructions' }), path).toMatchObject({ ok: false });
    }
    // Its own folder is writable: the refusals above are the sandbox's.
    expect(await attack('write_file', { path: 'mine.txt', content: 'x' })).toEqual({ ok: true });
    const graph = await run(victim, 'memory/read_graph');
    expect(graph.body).toContain('victim-secret-5e1d');
    expect(graph.body).not.toContain('ignore previous instructions');
  });

  it('cannot fork without limit, and the service keeps serving meanwhile', async () => {
    const bomb = attack('fork_bomb', { count: 1000 });
    const meanwhile = await Promise.all([health(), run(victim, 'memory/read_graph').then((r) => r.statusCode)]);
    expect(meanwhile).toEqual([200, 200]);
    const outcome = await bomb;
    expect(outcome.error).toBe('EAGAIN');
    expect(outcome.started).toBeLessThan(128);
  });

  it('cannot allocate without limit: it is stopped at its memory cap, the service keeps serving, and the next call starts it again', async () => {
    const hog = await run(attacker, 'hostile/allocate', { mb: 8192 });
    const rssAfter = process.memoryUsage().rss;
    // Killed by its memory cgroup (the call fails), or its allocation refused inside at the cap.
    if (hog.statusCode === 200) expect(JSON.parse(hog.json().data.result.content[0].text).allocatedMb).toBeLessThanOrEqual(2048);
    else expect(hog.json().error.code).toMatch(/EXECUTION_ERROR|MCP_UNAVAILABLE|SERVER_UNAVAILABLE/);
    expect(rssAfter).toBeLessThan(3 * 1024 ** 3);
    expect(await health()).toBe(200);
    expect(await attack('echo', { text: 'still here' })).toEqual({ text: 'still here' });
  });
});
