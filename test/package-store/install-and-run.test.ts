import { utimesSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PackageStore } from '../../package-store/index.ts';
import { catalogEntry, catalogLaunch, capturedLogger, installsLogged, listToolsOf, NPM_SERVER, plainNpmInstallMs, PYPI_SERVER, storeContents, storeRoot, removeStoreRoots } from './helpers.ts';

afterAll(removeStoreRoots);

// Issue 35 item 1: a catalog server runs from its pinned package. Real registries, real
// packages, real processes: each installs into a fresh store, starts, and lists the tools the
// catalog's harvest recorded.
describe('a catalog package installed into the store', () => {
  const root = storeRoot('run');
  const { logger, lines } = capturedLogger();
  const store = new PackageStore({ root, logger });

  it.each([NPM_SERVER, PYPI_SERVER])('installs %s once for concurrent callers, then starts it and lists its catalog tools', async (name) => {
    const launch = catalogLaunch(name);
    expect(store.installed(launch)).toBeNull();
    const before = installsLogged(lines);
    const progress: string[] = [];
    const [first, second] = await Promise.all([store.ensure(launch, { onProgress: (m) => progress.push(m) }), store.ensure(launch)]);
    expect(installsLogged(lines) - before).toBe(1);
    expect(second).toEqual(first);
    expect(progress[0]).toBe(`installing ${launch.ref.registry} ${launch.ref.registry === 'npm' ? `${launch.ref.name}@` : `${launch.ref.name}==`}${launch.ref.version}`);
    expect(progress.some((m) => m.startsWith('verifying'))).toBe(true);
    expect(first.integrity).toMatch(launch.ref.registry === 'npm' ? /^sha512-/ : /^sha256:[0-9a-f]{64}$/);
    expect(first.readOnly[0]).toBe(first.dir);
    console.info(`${name}: ${launch.ref.registry} ${launch.ref.name} installed by the store in ${first.installMs} ms`);

    expect(await listToolsOf(first, launch)).toEqual(catalogEntry(name).tools.map((t) => t.name).sort());
    // Installed now: the cheap path answers, and a new store on the same root sees it too.
    expect(store.installed(launch)).toEqual(first);
    expect(new PackageStore({ root, logger }).installed(launch)).toEqual(first);
  }, 240_000);

  // The harvest's knowledge, kept: pdf-tools-mcp imports mcp.server.fastmcp (gone in MCP SDK
  // 2.x) and requires Python >= 3.12 while the machine's default is 3.11.
  it('installs a server written for MCP SDK 1.x with mcp<2 and the interpreter it requires, and it lists its tools', async () => {
    const launch = catalogLaunch('pdf-tools');
    const progress: string[] = [];
    const installed = await store.ensure(launch, { onProgress: (m) => progress.push(m) });
    expect(progress).toContain('pdf-tools-mcp imports mcp.server.fastmcp: pinning mcp<2');
    expect(installed.readOnly[1]).toMatch(/3\.1[23]/);
    expect(await listToolsOf(installed, launch)).toEqual(catalogEntry('pdf-tools').tools.map((t) => t.name).sort());
  }, 240_000);

  it('measures npm install of the same package alone, for comparison (issue 35 goal: at most that + 1.5 s)', () => {
    const launch = catalogLaunch(NPM_SERVER);
    const plain = plainNpmInstallMs(`${launch.ref.name}@${launch.ref.version}`);
    console.info(`npm install ${launch.ref.name}@${launch.ref.version} alone: ${plain} ms; the store took ${store.installed(launch)?.installMs} ms`);
    expect(plain).toBeGreaterThan(0);
  }, 240_000);

  it('gc removes a package unused for the given time and keeps the others', async () => {
    const old = catalogLaunch(NPM_SERVER);
    const recent = catalogLaunch(PYPI_SERVER);
    const oldDir = store.installed(old)?.dir ?? '';
    const longAgo = new Date(Date.now() - 3 * 86_400_000);
    utimesSync(path.join(oldDir, '.last-used'), longAgo, longAgo);
    expect(await store.gc({ unusedForMs: 86_400_000 })).toEqual([old.ref]);
    expect(store.installed(old)).toBeNull();
    expect(store.installed(recent)).not.toBeNull();
    expect(storeContents(root)).toMatchObject({ npm: [], pypi: ['mcp-server-time@2026.10.19', 'pdf-tools-mcp@0.1.4'], tmp: [], locks: [] });
  });
});
