import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeSandbox, SANDBOX_UID } from '../../sandbox/index.ts';
import { bundleHostileServer, launchHostile } from './hostile.ts';

// The happy path of a sandboxed stdio server: an MCP client lists and calls its tools, its
// folder outlives a launch, its HOME does not, and it is alone in its namespaces.

let server: Awaited<ReturnType<typeof bundleHostileServer>>;
const root = process.getuid?.() === 0;

beforeAll(async () => {
  const support = await probeSandbox();
  // A host without the sandbox fails this file; global-setup installs it first (scripts/infra/sandbox.sh).
  expect(support).toMatchObject({ ok: true });
  server = await bundleHostileServer();
});
afterAll(() => server?.cleanup());

const spec = (workDir: string, env: Record<string, string> = {}) => ({ readOnly: [server.packageDir], workDir, egress: 'none' as const, env });

describe('a sandboxed stdio server', () => {
  it('lists and calls its tools through GroupStdioTransport', async () => {
    const launched = await launchHostile(server.entry, spec(join(server.root, 'instances', 'happy')));
    try {
      const { tools } = await launched.client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(['allocate', 'big_file', 'connect', 'echo', 'env', 'fork_bomb', 'privileges', 'read_file', 'spin', 'whoami', 'write_file']);
      expect(await launched.call('echo', { text: 'hi' })).toEqual({ text: 'hi' });
      const who = await launched.call<{ uid: number; cwd: string; hostname: string; root: string[]; pids: string[] }>('whoami');
      expect(who.cwd).toBe(join(server.root, 'instances', 'happy'));
      expect(who.hostname).toBe('sandbox');
      // Its own pid namespace: bwrap's init, (as root) the inner bwrap, and the server.
      expect(who.pids.length).toBeLessThanOrEqual(3);
      expect(who.pids).not.toContain(String(process.pid));
      // Not `--ro-bind / /`: the host's root holds /work, /root, /home...; the sandbox's does not.
      expect(who.root.sort()).toEqual(expect.arrayContaining(['dev', 'etc', 'proc', 'tmp', 'usr']));
      for (const hidden of ['root', 'home', 'var', 'srv', 'opt', 'run']) expect(who.root).not.toContain(hidden);
      if (root) expect(who.uid).toBe(SANDBOX_UID);
      else expect(who.uid).toBe(process.getuid?.());
      // No capability, none to regain by exec (no_new_privs) or by a user namespace of its own.
      const privileges = await launched.call<{ capEff: string; capBnd: string; noNewPrivs: string; usernsExit: number }>('privileges');
      expect(privileges).toMatchObject({ capEff: '0000000000000000', noNewPrivs: '1' });
      expect(privileges.usernsExit).not.toBe(0);
      if (root) expect(privileges.capBnd).toBe('0000000000000000');
    } finally {
      await launched.close();
    }
  });

  it('keeps a file in its own folder across two launches, but starts with an empty HOME', async () => {
    const workDir = join(server.root, 'instances', 'kept');
    const first = await launchHostile(server.entry, spec(workDir));
    try {
      expect(await first.call('write_file', { path: join(workDir, 'state.txt'), content: 'kept' })).toEqual({ ok: true });
      expect(await first.call('write_file', { path: '/tmp/home/cache.txt', content: 'gone' })).toEqual({ ok: true });
    } finally {
      await first.close();
    }
    // The effect outside: the file is on the host, owned by the sandbox user.
    expect(readFileSync(join(workDir, 'state.txt'), 'utf8')).toBe('kept');
    if (root) expect(statSync(join(workDir, 'state.txt')).uid).toBe(SANDBOX_UID);
    const second = await launchHostile(server.entry, spec(workDir));
    try {
      expect(await second.call('read_file', { path: join(workDir, 'state.txt') })).toEqual({ ok: true, content: 'kept' });
      expect(await second.call('read_file', { path: '/tmp/home/cache.txt' })).toEqual({ ok: false, code: 'ENOENT' });
    } finally {
      await second.close();
    }
  });

  it("cannot see another instance's folder", async () => {
    const other = join(server.root, 'instances', 'other-user');
    const a = await launchHostile(server.entry, spec(other));
    try {
      await a.call('write_file', { path: join(other, 'private.txt'), content: 'user A' });
    } finally {
      await a.close();
    }
    expect(existsSync(join(other, 'private.txt'))).toBe(true);
    const b = await launchHostile(server.entry, spec(join(server.root, 'instances', 'user-b')));
    try {
      expect(await b.call('read_file', { path: join(other, 'private.txt') })).toEqual({ ok: false, code: 'ENOENT' });
    } finally {
      await b.close();
    }
  });

  it('gets exactly its declared environment, even from a spawner that passes its whole own', async () => {
    const canary = `canary-${process.pid}-${Date.now()}`;
    process.env.SWITCHBOARD_SANDBOX_CANARY = canary;
    const hostEnv = Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));
    const launched = await launchHostile(server.entry, spec(join(server.root, 'instances', 'env'), { API_TOKEN: 'the-users-token' }), hostEnv);
    try {
      const { env } = await launched.call<{ env: Record<string, string> }>('env');
      expect(env.API_TOKEN).toBe('the-users-token');
      expect(env.HOME).toBe('/tmp/home');
      expect(env.TMPDIR).toBe('/tmp');
      // PWD is set by bwrap to the working folder.
      expect(Object.keys(env).sort()).toEqual(['API_TOKEN', 'HOME', 'LANG', 'PATH', 'PWD', 'TMPDIR']);
      expect(JSON.stringify(env)).not.toContain(canary);
    } finally {
      delete process.env.SWITCHBOARD_SANDBOX_CANARY;
      await launched.close();
    }
  });
});
