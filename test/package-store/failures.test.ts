import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PackageLaunch } from '../../package-store/index.ts';
import { PackageInstallError, PackageStore } from '../../package-store/index.ts';
import { catalogLaunch, capturedLogger, NPM_SERVER, storeContents, storeRoot, removeStoreRoots } from './helpers.ts';
import { PROBE_NAME, PROBE_VERSION, SCRIPT_PROBE_NAME, startRegistryStub } from './registry-stub.ts';
import type { RegistryStub } from './registry-stub.ts';
import { PYPI_PROBE, startPypiStub } from './pypi-stub.ts';
import type { PypiStub } from './pypi-stub.ts';

afterAll(removeStoreRoots);

// Issue 35 item 7: an install that fails names the package and why, leaves nothing in the
// store, and the next ensure tries again.
async function failure(store: PackageStore, launch: PackageLaunch, options: { allowScripts?: boolean } = {}): Promise<PackageInstallError> {
  const error = await store.ensure(launch, options).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PackageInstallError);
  return error as PackageInstallError;
}

const nothingLeft = (root: string) => expect(storeContents(root)).toEqual({ npm: [], pypi: [], tmp: [], locks: [] });

describe('installs that fail', () => {
  const { logger } = capturedLogger();

  it.each([
    ['an npm package that does not exist', { registry: 'npm', name: 'switchboard-no-such-package-7f3a9c', version: '1.0.0' }],
    ['an npm version that does not exist', { registry: 'npm', name: 'time-mcp', version: '99.99.99' }],
    ['a PyPI package that does not exist', { registry: 'pypi', name: 'switchboard-no-such-package-7f3a9c', version: '1.0.0' }],
    ['a PyPI version that does not exist', { registry: 'pypi', name: 'mcp-server-time', version: '1999.1.1' }],
  ] as const)('%s: not_found, naming it; nothing is left', async (_, ref) => {
    const root = storeRoot('missing');
    const error = await failure(new PackageStore({ root, logger }), { ref, args: [] });
    expect(error.reason).toBe('not_found');
    expect(error.ref).toEqual(ref);
    expect(error.message).toContain(`${ref.name}${ref.registry === 'npm' ? '@' : '=='}${ref.version}`);
    nothingLeft(root);
  }, 60_000);

  it('an install past its time bound: timeout; nothing is left and the next ensure installs it', async () => {
    const root = storeRoot('timeout');
    const launch = catalogLaunch(NPM_SERVER);
    // Long enough for the packument, far too short for npm to fetch ~100 packages into an empty cache.
    const error = await failure(new PackageStore({ root, logger, installTimeoutMs: 1_500 }), launch);
    expect(error.reason).toBe('timeout');
    expect(error.message).toContain('time-mcp@1.0.6');
    nothingLeft(root);
    const installed = await new PackageStore({ root, logger }).ensure(launch);
    expect(installed.command).toBe(process.execPath);
  }, 120_000);
});

describe('a caller that gives up', () => {
  it('stops the install when the last waiter aborts; nothing is left', async () => {
    const root = storeRoot('abort');
    const store = new PackageStore({ root, logger: capturedLogger().logger });
    const controller = new AbortController();
    const waiting = store.ensure(catalogLaunch(NPM_SERVER), {
      signal: controller.signal,
      onProgress: (m) => {
        if (m.startsWith('downloading')) setTimeout(() => controller.abort(new Error('caller gave up')), 500);
      },
    });
    await expect(waiting).rejects.toThrow('caller gave up');
    // The install's own end: npm killed, its temp folder and lock removed.
    for (let i = 0; i < 50 && storeContents(root).tmp.length + storeContents(root).locks.length > 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(storeContents(root)).toEqual({ npm: [], pypi: [], tmp: [], locks: [] });
  }, 60_000);
});

describe('a registry serving a tarball that does not match its published hash', () => {
  let stub: RegistryStub;
  beforeAll(async () => {
    stub = await startRegistryStub();
  });
  afterAll(() => stub?.close());
  const { logger } = capturedLogger();
  const launch: PackageLaunch = { ref: { registry: 'npm', name: PROBE_NAME, version: PROBE_VERSION }, args: [] };

  it('fails with integrity, leaves nothing, and installs once the genuine tarball is served', async () => {
    const root = storeRoot('integrity');
    stub.tamper(true);
    const error = await failure(new PackageStore({ root, logger, npmRegistry: stub.url }), launch);
    expect(error.reason).toBe('integrity');
    expect(error.message).toContain(`${PROBE_NAME}@${PROBE_VERSION}`);
    expect(storeContents(root)).toEqual({ npm: [], pypi: [], tmp: [], locks: [] });

    // The control: the same stub and store, genuine bytes. The failure above was the tamper.
    stub.tamper(false);
    const installed = await new PackageStore({ root, logger, npmRegistry: stub.url }).ensure(launch);
    expect(installed.args[0]).toMatch(/node_modules\/sb-integrity-probe\/index\.js$/);
  }, 60_000);

  it('a failing install script: script when the entry allows scripts; never run otherwise', async () => {
    const probe: PackageLaunch = { ref: { registry: 'npm', name: SCRIPT_PROBE_NAME, version: PROBE_VERSION }, args: [] };
    const root = storeRoot('script');
    const store = new PackageStore({ root, logger, npmRegistry: stub.url });
    const error = await failure(store, probe, { allowScripts: true });
    expect(error.reason).toBe('script');
    expect(error.message).toContain(`${SCRIPT_PROBE_NAME}@${PROBE_VERSION}`);
    expect(error.message).toContain('postinstall failing');
    expect(storeContents(root)).toEqual({ npm: [], pypi: [], tmp: [], locks: [] });
    // By default scripts do not run, so the same package installs.
    expect((await store.ensure(probe)).dir).toContain(SCRIPT_PROBE_NAME);
  }, 60_000);
});

describe('a PyPI index serving a file that does not match the JSON API\'s published hash', () => {
  let stub: PypiStub;
  beforeAll(async () => {
    stub = await startPypiStub();
  });
  afterAll(() => stub?.close());
  const { logger } = capturedLogger();
  const launch: PackageLaunch = { ref: { registry: 'pypi', ...PYPI_PROBE }, args: [] };

  it('fails with integrity, leaves no package, and installs once the genuine wheel is served', async () => {
    const root = storeRoot('pypi-integrity');
    stub.tamper(true);
    const error = await failure(new PackageStore({ root, logger, pypiIndex: stub.url }), launch);
    expect(error.reason).toBe('integrity');
    expect(error.message).toContain(`${PYPI_PROBE.name}==${PYPI_PROBE.version}`);
    expect(error.message).toContain('Hash mismatch');
    expect(storeContents(root)).toEqual({ npm: [], pypi: [], tmp: [], locks: [] });

    stub.tamper(false);
    const installed = await new PackageStore({ root, logger, pypiIndex: stub.url }).ensure(launch);
    expect(installed.command).toBe(`${installed.dir}/bin/sb-pypi-probe`);
    expect(installed.integrity).toMatch(/^sha256:/);
  }, 120_000);
});
