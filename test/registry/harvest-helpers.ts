import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleFixtureServer } from '../support/bundle-fixture.ts';
import { packNpmPackage } from '../support/npm-registry-stub.ts';
import type { StubPackage } from '../support/npm-registry-stub.ts';

/**
 * fixtures/harvest-server.ts bundled into one file and packed as npm packages of the given
 * names (version 1.0.0, its bin `server.mjs`), for a registry stub to serve.
 */
export async function packHarvestServer(names: string[]): Promise<{ packages: StubPackage[]; root: string; packageDir: string; entry: string; cleanup: () => void }> {
  const root = mkdtempSync(join(tmpdir(), 'sb-harvest-fixture-'));
  // In a folder of its own: a sandbox binds it read-only, beside a writable folder of the same root.
  const packageDir = join(root, 'package');
  mkdirSync(packageDir);
  const entry = join(packageDir, 'server.mjs');
  await bundleFixtureServer(new URL('./fixtures/harvest-server.ts', import.meta.url), entry);
  const code = readFileSync(entry);
  const packages = names.map((name) => {
    const fields = { bin: { [name]: 'server.mjs' } };
    return { name, version: '1.0.0', fields, published: packNpmPackage({ name, version: '1.0.0', type: 'module', ...fields }, { 'server.mjs': code }) };
  });
  return { packages, root, packageDir, entry, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

/** A server.json (2025-09-29) of an npm package at 1.0.0, with the environment variables given. */
export function packageDocument(name: string, identifier: string, env: Record<string, unknown>[] = []): Record<string, unknown> {
  return {
    $schema: 'https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json',
    name,
    description: `Test server ${identifier}`,
    version: '1.0.0',
    packages: [{ registryType: 'npm', identifier, version: '1.0.0', transport: { type: 'stdio' }, ...(env.length ? { environmentVariables: env } : {}) }],
  };
}
