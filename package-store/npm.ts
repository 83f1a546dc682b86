import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { childEnv } from './child-env.ts';
import type { InstallContext } from './context.ts';
import { tail } from './context.ts';
import { fetchRegistryJson } from './registry-fetch.ts';
import { run } from './run.ts';
import type { PackageRef } from './types.ts';
import { PackageInstallError } from './types.ts';

export interface NpmInstalled {
  integrity: string;
  /** Executable name → script path relative to the package's store folder. */
  bins: Record<string, string>;
}

interface Packument {
  versions?: Record<string, { dist?: { integrity?: string; shasum?: string } }>;
}

interface PackageJson {
  name?: string;
  version?: string;
  bin?: string | Record<string, string>;
}

/** The hash the registry publishes for the version's tarball (SRI; sha1 from `shasum` for the oldest packages). */
async function publishedIntegrity(ref: PackageRef, ctx: InstallContext): Promise<string> {
  const url = `${ctx.npmRegistry}/${ref.name.replace('/', '%2f')}`;
  // The abbreviated document ("corgi") npm itself reads: versions and dist, no READMEs.
  const doc = (await fetchRegistryJson(ref, url, { ...ctx, accept: 'application/vnd.npm.install-v1+json; q=1.0, application/json; q=0.8' })) as Packument;
  const dist = doc.versions?.[ref.version]?.dist;
  if (!dist) throw new PackageInstallError('not_found', ref, `the registry has no version ${ref.version}`);
  if (dist.integrity) return dist.integrity;
  if (dist.shasum) return `sha1-${Buffer.from(dist.shasum, 'hex').toString('base64')}`;
  throw new PackageInstallError('integrity', ref, 'the registry publishes no hash for this version');
}

function failureOf(ref: PackageRef, output: string, allowScripts: boolean): PackageInstallError {
  if (/EINTEGRITY|integrity checksum failed/i.test(output)) return new PackageInstallError('integrity', ref, `a downloaded tarball does not match the registry's hash\n${tail(output)}`);
  if (/E404|ETARGET|404 Not Found|No matching version/i.test(output)) return new PackageInstallError('not_found', ref, `the package or one of its dependencies is not on the registry\n${tail(output)}`);
  if (allowScripts && /command failed|ELIFECYCLE/.test(output)) return new PackageInstallError('script', ref, `an install script failed\n${tail(output)}`);
  return new PackageInstallError('failed', ref, `npm install failed\n${tail(output)}`);
}

/** Executables of the installed package, as npm would link them, kept inside the package's folder. */
function binsOf(ref: PackageRef, pkgDir: string, relDir: string): Record<string, string> {
  const pkg = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8')) as PackageJson;
  const unscoped = ref.name.replace(/^@[^/]+\//, '');
  const declared = typeof pkg.bin === 'string' ? { [unscoped]: pkg.bin } : (pkg.bin ?? {});
  const bins: Record<string, string> = {};
  for (const [name, file] of Object.entries(declared)) {
    const resolved = path.resolve(pkgDir, file);
    // A bin pointing outside its own package is not something we will exec.
    if (!resolved.startsWith(pkgDir + path.sep)) continue;
    bins[name] = path.join(relDir, path.relative(pkgDir, resolved));
  }
  return bins;
}

/**
 * `npm install` of exactly `ref` into `dir` (an empty folder of the store's temp area). npm
 * checks every tarball against the hash in its packument (EINTEGRITY otherwise); we then check
 * that what the lockfile recorded for the package itself is the hash the registry publishes.
 */
export async function installNpm(ref: PackageRef, dir: string, ctx: InstallContext): Promise<NpmInstalled> {
  ctx.progress(`resolving ${ref.name}@${ref.version} on the npm registry`);
  const published = await publishedIntegrity(ref, ctx);
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'switchboard-package', private: true, dependencies: { [ref.name]: ref.version } }));
  ctx.progress(`downloading ${ref.name}@${ref.version} and its dependencies`);
  let fetched = 0;
  // npm retries a failed download (EINTEGRITY included) after 10 s, then 60 s: a tampered or
  // truncated tarball held an install for over a minute. Shorter waits, same retries.
  const args = ['install', '--no-audit', '--no-fund', '--omit=dev', '--loglevel=http', '--fetch-retry-mintimeout=1000', '--fetch-retry-maxtimeout=5000', `--registry=${ctx.npmRegistry}/`];
  // Install scripts are code from the registry run on the worker, outside any sandbox.
  if (!ctx.allowScripts) args.push('--ignore-scripts');
  const result = await run('npm', args, {
    cwd: dir,
    env: childEnv(ctx.root),
    deadline: ctx.deadline,
    signal: ctx.signal,
    onLine: (line) => {
      if (/http fetch GET 200/.test(line) && ++fetched % 25 === 0) ctx.progress(`fetched ${fetched} documents and tarballs from the registry`);
    },
  });
  if (result.aborted) throw ctx.signal?.reason ?? new Error('aborted');
  if (result.timedOut) throw new PackageInstallError('timeout', ref, 'npm install did not finish in time');
  if (result.code !== 0) throw failureOf(ref, result.output, ctx.allowScripts);

  ctx.progress(`verifying ${ref.name}@${ref.version}`);
  const lock = JSON.parse(readFileSync(path.join(dir, 'package-lock.json'), 'utf8')) as { packages?: Record<string, { version?: string; integrity?: string }> };
  const relDir = path.join('node_modules', ref.name);
  const entry = lock.packages?.[relDir];
  if (entry?.version !== ref.version) throw new PackageInstallError('failed', ref, `npm installed version ${entry?.version ?? 'none'}`);
  if (entry.integrity !== published) throw new PackageInstallError('integrity', ref, `installed tarball hash ${entry.integrity ?? 'none'} is not the registry's ${published}`);
  return { integrity: published, bins: binsOf(ref, path.join(dir, relDir), relDir) };
}
