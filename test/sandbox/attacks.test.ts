import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { Server } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeSandbox, SANDBOX_UID } from '../../sandbox/index.ts';
import type { SandboxLimits } from '../../sandbox/index.ts';
import { cgroupParents } from '../../sandbox/host.ts';
import { processDataLimit, resolveLimits } from '../../sandbox/limits.ts';
import { bundleHostileServer, launchHostile } from './hostile.ts';
import type { Launched } from './hostile.ts';

// A hostile stdio server tries, tool by tool, what issue 35 lists: read the data folder and the
// service's environment, reach the service's ports, write outside its folder, fork and allocate
// without limit. Each test asserts the server's own report and, where there is one, the effect
// outside (a canary file unchanged, a listener never reached, the test process still working).

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const root = process.getuid?.() === 0;
let server: Awaited<ReturnType<typeof bundleHostileServer>>;
let dataDir: string;
let hostile: Launched;
const listeners: Array<{ server: Server; port: number; connections: number }> = [];

async function launch(name: string, limits?: Partial<SandboxLimits>): Promise<Launched> {
  return launchHostile(server.entry, { readOnly: [server.packageDir], workDir: join(server.root, 'instances', name), egress: 'none', env: {}, limits });
}

beforeAll(async () => {
  expect(await probeSandbox()).toMatchObject({ ok: true });
  server = await bundleHostileServer();
  // A stand-in for DATA_DIR: the service's database, secrets and every user's files.
  dataDir = join(server.root, 'data');
  mkdirSync(join(dataDir, 'users'), { recursive: true });
  writeFileSync(join(dataDir, 'secrets.json'), '{"ADMIN_KEY":"do-not-read"}');
  writeFileSync(join(server.packageDir, 'canary.txt'), 'original');
  // Stand-ins for the API, Postgres and Temporal ports on the host's loopback.
  for (let i = 0; i < 3; i++) {
    const entry = { server: createServer(), port: 0, connections: 0 };
    entry.server.on('connection', (socket) => {
      entry.connections++;
      socket.destroy();
    });
    await new Promise<void>((done) => entry.server.listen(0, '127.0.0.1', done));
    entry.port = (entry.server.address() as { port: number }).port;
    listeners.push(entry);
  }
  hostile = await launch('attacker');
});

afterAll(async () => {
  await hostile?.close();
  for (const l of listeners) await new Promise((done) => l.server.close(done));
  server?.cleanup();
});

describe('a hostile server in the sandbox', () => {
  it("cannot read the data folder, the repository, .cache or the service's home", async () => {
    for (const path of [join(dataDir, 'secrets.json'), join(repoRoot, 'package.json'), join(repoRoot, '.cache'), '/root/.bash_history', '/etc/shadow']) {
      expect(await hostile.call('read_file', { path }), path).toMatchObject({ ok: false });
    }
    // The same call succeeds on what it was given, so a refusal above is the sandbox's.
    expect(await hostile.call('read_file', { path: join(server.packageDir, 'canary.txt') })).toEqual({ ok: true, content: 'original' });
  });

  it("cannot read the service's /proc/<pid>/environ", async () => {
    process.env.SWITCHBOARD_ENVIRON_CANARY = 'environ-canary';
    const outcome = await hostile.call<{ ok: boolean; content?: string }>('read_file', { path: `/proc/${process.pid}/environ` });
    // Its /proc is its own pid namespace's: our pid there is nobody, or one of its own.
    expect(outcome.content ?? '').not.toContain('environ-canary');
    for (const pid of ['1', '2', '3']) {
      const own = await hostile.call<{ content?: string }>('read_file', { path: `/proc/${pid}/environ` });
      expect(own.content ?? '').not.toContain('environ-canary');
    }
    delete process.env.SWITCHBOARD_ENVIRON_CANARY;
  });

  it("cannot connect to the host's loopback ports", async () => {
    for (const { port } of listeners) {
      expect(await hostile.call('connect', { host: '127.0.0.1', port }), `port ${port}`).toMatchObject({ ok: false });
    }
    expect(await hostile.call('connect', { host: '10.0.0.1', port: 80 })).toMatchObject({ ok: false });
    expect(listeners.map((l) => l.connections)).toEqual([0, 0, 0]);
  });

  it('cannot write outside its folder', async () => {
    const targets = [join(dataDir, 'secrets.json'), join(server.packageDir, 'canary.txt'), '/usr/evil', '/etc/passwd', join(repoRoot, 'evil.txt')];
    for (const path of targets) expect(await hostile.call('write_file', { path, content: 'pwned' }), path).toMatchObject({ ok: false });
    expect(readFileSync(join(dataDir, 'secrets.json'), 'utf8')).toBe('{"ADMIN_KEY":"do-not-read"}');
    expect(readFileSync(join(server.packageDir, 'canary.txt'), 'utf8')).toBe('original');
    expect(readdirSync(repoRoot)).not.toContain('evil.txt');
    // Its /tmp is its own tmpfs: the host's /tmp does not get the file.
    expect(await hostile.call('write_file', { path: '/tmp/dropped.txt', content: 'x' })).toEqual({ ok: true });
    expect(() => statSync('/tmp/dropped.txt')).toThrow();
  });

  it('cannot fork without limit, and the service keeps working', async () => {
    const bomber = await launch('bomber', { processes: 32 });
    try {
      const outcome = await bomber.call<{ started: number; error?: string }>('fork_bomb', { count: 500 });
      expect(outcome.error).toBe('EAGAIN');
      expect(outcome.started).toBeLessThan(32);
      // The effect outside: the host sees no more of the sandbox user's processes than the limit.
      // Only its own: other tests' sandboxed instances run as the same uid at the same time.
      if (root) expect(processesOf(SANDBOX_UID, bomber.transport.pid!)).toBeLessThanOrEqual(32 + 4);
      // This process still starts children, and the bomber still answers.
      expect(spawnSync('/bin/true').status).toBe(0);
      expect(await bomber.call('echo', { text: 'alive' })).toEqual({ text: 'alive' });
    } finally {
      await bomber.close();
    }
  });

  it('cannot allocate without limit, and the service keeps working', async () => {
    const hog = await launch('hog', { memoryBytes: 256 * 1024 * 1024 });
    try {
      // Either the allocation fails inside (RLIMIT_DATA) or the instance is killed (cgroup OOM).
      const outcome = await hog.call<{ allocatedMb: number }>('allocate', { mb: 4096 }).catch((error: Error) => ({ killed: error.message }));
      // Killed by the memory cgroup at 256 MiB where one is writable; else stopped by the per-process backstop.
      const ceilingMb = cgroupParents().memory ? 256 : processDataLimit(resolveLimits({ memoryBytes: 256 * 1024 * 1024 })) / (1024 * 1024);
      if ('allocatedMb' in outcome) expect(outcome.allocatedMb).toBeLessThanOrEqual(ceilingMb);
      else expect(outcome.killed).toMatch(/closed|Connection/i);
      expect(process.memoryUsage().rss).toBeLessThan(2 * 1024 ** 3);
      expect(spawnSync('/bin/true').status).toBe(0);
    } finally {
      await hog.close();
    }
  });

  it('cannot spin past its CPU time, nor write a file past its size limit', async () => {
    const spinner = await launch('spinner', { cpuSeconds: 1, fileSizeBytes: 4 * 1024 * 1024 });
    try {
      const file = await spinner.call<{ ok: boolean; code?: string; writtenMb: number }>('big_file', { mb: 64 });
      expect(file).toMatchObject({ ok: false, code: 'EFBIG' });
      expect(statSync(join(server.root, 'instances', 'spinner', 'big.bin')).size).toBeLessThanOrEqual(4 * 1024 * 1024);
      // RLIMIT_CPU kills it after one CPU second: the call fails long before its 10 s of spinning.
      const t0 = Date.now();
      await expect(spinner.call('spin', { seconds: 10 })).rejects.toThrow();
      expect(Date.now() - t0).toBeLessThan(8_000);
    } finally {
      await spinner.close();
    }
  });
});

/** Live processes of a host uid below `ancestor` (by parent links), read from the host's /proc. */
function processesOf(uid: number, ancestor: number): number {
  const parent = new Map<number, number>();
  const owned: number[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map(Number)) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      parent.set(pid, Number(/^PPid:\s+(\d+)/m.exec(status)?.[1] ?? 0));
      if (new RegExp(`^Uid:\\s+${uid}\\s`, 'm').test(status)) owned.push(pid);
    } catch {
      // exited while we looked
    }
  }
  const below = (pid: number): boolean => {
    for (let p = parent.get(pid); p !== undefined && p > 1; p = parent.get(p)) if (p === ancestor) return true;
    return false;
  };
  return owned.filter(below).length;
}
