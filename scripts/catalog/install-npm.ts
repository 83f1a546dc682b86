// Installs one npm package into its own prefix and resolves the executable to run.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Seed } from './seed-types.ts';
import { catalogArgs, localArgs, type Installed } from './installed.ts';
import { HARVEST_ROOT, run, slugOf } from './sandbox.ts';

interface PackageJson {
  name: string;
  version: string;
  description?: string;
  homepage?: string;
  repository?: string | { url?: string };
  bin?: string | Record<string, string>;
  os?: string[];
}

const OS_NAMES = { linux: 'linux', darwin: 'macos', win32: 'windows' } as const;

function installEnv(): Record<string, string> {
  return {
    ...(process.env as Record<string, string>),
    npm_config_cache: path.join(HARVEST_ROOT, 'npm-cache'),
    PUPPETEER_SKIP_DOWNLOAD: '1',
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
  };
}

// package.json `os` lists allowed platforms, or excluded ones prefixed with `!`.
function platformsOf(os: string[] | undefined): Installed['platforms'] {
  if (!os?.length) return undefined;
  const all = Object.keys(OS_NAMES) as Array<keyof typeof OS_NAMES>;
  const allowed = os.some((o) => o.startsWith('!')) ? all.filter((o) => !os.includes(`!${o}`)) : all.filter((o) => os.includes(o));
  return allowed.map((o) => OS_NAMES[o]);
}

function pickBin(pkg: PackageJson, seed: Seed): string | undefined {
  if (seed.bin) return seed.bin;
  const base = pkg.name.replace(/^@[^/]+\//, '');
  if (typeof pkg.bin === 'string') return base;
  const names = Object.keys(pkg.bin ?? {});
  if (names.length <= 1) return names[0];
  return names.find((n) => n === base) ?? names.find((n) => /mcp/.test(n)) ?? names[0];
}

function repoUrl(pkg: PackageJson): string | undefined {
  const raw = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
  if (!raw) return undefined;
  if (/^[\w.-]+\/[\w.-]+$/.test(raw)) return `https://github.com/${raw}`;
  return raw.replace(/^git\+/, '').replace(/^git:\/\//, 'https://').replace(/^ssh:\/\/git@/, 'https://').replace(/\.git$/, '');
}

/** npm install --prefix into the harvest sandbox; reuses an earlier install. */
export async function installNpm(seed: Seed, workDir: string): Promise<Installed> {
  const prefix = path.join(HARVEST_ROOT, 'npm', slugOf('npm', seed.pkg));
  const pkgDir = path.join(prefix, 'node_modules', seed.pkg);
  if (!existsSync(path.join(pkgDir, 'package.json'))) {
    mkdirSync(prefix, { recursive: true });
    const base = ['install', '--prefix', prefix, `${seed.pkg}@latest`, '--no-audit', '--no-fund', '--no-package-lock', '--loglevel=error'];
    // Install scripts that fetch binaries hang on DNS here (only registries resolve) and
    // native builds are slow; the tool list rarely needs them, so a short first try and
    // then a retry without scripts.
    let result = await run('npm', base, { cwd: prefix, env: installEnv(), timeoutMs: 120_000 });
    if (result.code !== 0) result = await run('npm', [...base, '--ignore-scripts'], { cwd: prefix, env: installEnv(), timeoutMs: 240_000 });
    if (result.code !== 0) throw new Error(`npm install failed: ${result.output.slice(-600)}`);
  }
  const pkg = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8')) as PackageJson;
  const bin = pickBin(pkg, seed);
  if (!bin) throw new Error('package has no executable (bin)');
  const extra = seed.args ?? [];
  let command: string;
  let args: string[];
  if (bin.includes('/')) {
    // A file path inside the package (packages that ship no bin entry).
    command = process.execPath;
    args = [path.join(pkgDir, bin), ...localArgs(extra, workDir)];
  } else {
    command = path.join(prefix, 'node_modules', '.bin', bin);
    args = localArgs(extra, workDir);
  }
  const pinned = `${pkg.name}@${pkg.version}`;
  const base = pkg.name.replace(/^@[^/]+\//, '');
  const npxArgs = bin === base || bin.includes('/') ? ['-y', pinned] : ['-y', '--package', pinned, bin];
  const readmePath = ['README.md', 'readme.md', 'Readme.md', 'README.MD'].map((f) => path.join(pkgDir, f)).find(existsSync);
  // Some tarballs ship no README; the registry keeps the one published with the version.
  const readme = readmePath ? readFileSync(readmePath, 'utf8') : (await run('npm', ['view', pinned, 'readme'], { cwd: prefix, env: installEnv(), timeoutMs: 60_000 })).stdout;
  return {
    command,
    args,
    launch: { command: 'npx', args: [...npxArgs, ...catalogArgs(extra)] },
    version: pkg.version,
    description: pkg.description,
    homepage: pkg.homepage ?? repoUrl(pkg),
    readme,
    packageDir: pkgDir,
    platforms: platformsOf(pkg.os),
  };
}
