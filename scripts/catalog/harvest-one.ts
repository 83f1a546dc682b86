// Harvests one seed: install, start without real credentials, tools/list; when the
// server refuses, fall back to the tools its own published docs name.
import type { CatalogEntry } from '../../catalog/schema.ts';
import { buildEntry } from './build-entry.ts';
import { documentedTools } from './doc-tools.ts';
import { installNpm } from './install-npm.ts';
import { installPypi, pinLegacyMcp } from './install-pypi.ts';
import type { Installed } from './installed.ts';
import { listTools } from './list-tools.ts';
import { baseEnv, placeholderFor, serverSandbox, slugOf } from './sandbox.ts';
import type { Seed } from './seed-types.ts';

export interface HarvestResult {
  pkg: string;
  registry: Seed['registry'];
  ok: boolean;
  entry?: CatalogEntry;
  /** Why tools/list did not work (also set when the docs fallback saved the entry). */
  error?: string;
  seconds: number;
}

const TOTAL_TIMEOUT_MS = 90_000;

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Never throws: a failed server is a result, so one bad package cannot stop the run. */
export async function harvestOne(seed: Seed, name: string): Promise<HarvestResult> {
  const started = Date.now();
  const seconds = () => Math.round((Date.now() - started) / 1000);
  const sandbox = serverSandbox(slugOf(seed.registry, seed.pkg));
  let installed: Installed;
  try {
    installed = seed.registry === 'npm' ? await installNpm(seed, sandbox.work) : await installPypi(seed, sandbox.work);
  } catch (error) {
    return { pkg: seed.pkg, registry: seed.registry, ok: false, error: `install: ${String(error)}`, seconds: seconds() };
  }
  const secrets = Object.fromEntries((seed.env ?? []).map((v) => [v, placeholderFor(v)]));
  const config = Object.fromEntries(Object.entries(seed.config ?? {}).map(([k, v]) => [k, v.replaceAll('{dir}', sandbox.work)]));
  // Scrub only distinctive fake values: a bare word like "placeholder" or "default"
  // also occurs in honest descriptions and must stay.
  const fakes = [...Object.values(config).filter((v) => /placeholder[-@]|127\.0\.0\.1:9|^\//.test(v)), sandbox.work, sandbox.home];
  const env = { ...baseEnv(sandbox), ...secrets, ...config };
  const list = () => withTimeout(listTools({ command: installed.command, args: installed.args, env, cwd: sandbox.work }), TOTAL_TIMEOUT_MS, 'tools/list');
  let listError: string;
  try {
    const listed = await list().catch(async (error: unknown) => {
      if (seed.registry !== 'pypi' || !/mcp\.server\.fastmcp|mcp<2/.test(String(error)) || !(await pinLegacyMcp(seed))) throw error;
      return list();
    });
    if (listed.tools.length > 0) {
      const entry = buildEntry({ seed, name, installed, tools: listed.tools, source: 'tools/list', serverTitle: listed.serverTitle, fakes });
      return { pkg: seed.pkg, registry: seed.registry, ok: true, entry, seconds: seconds() };
    }
    listError = 'tools/list returned no tools';
  } catch (error) {
    listError = error instanceof Error ? error.message : String(error);
  }
  if (seed.docs === false) return { pkg: seed.pkg, registry: seed.registry, ok: false, error: `${listError}\n(docs fallback disabled for this seed)`, seconds: seconds() };
  try {
    const documented = documentedTools(installed.packageDir, installed.readme);
    if (documented.tools.length === 0) return { pkg: seed.pkg, registry: seed.registry, ok: false, error: `${listError}\n(no tools in docs either)`, seconds: seconds() };
    const entry = buildEntry({ seed, name, installed, tools: documented.tools, source: 'documentation', fakes });
    return { pkg: seed.pkg, registry: seed.registry, ok: true, entry, error: `${listError}\n(used ${documented.from})`, seconds: seconds() };
  } catch (error) {
    return { pkg: seed.pkg, registry: seed.registry, ok: false, error: `${listError}\nentry: ${String(error)}`, seconds: seconds() };
  }
}
