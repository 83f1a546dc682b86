import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { homedir, hostname } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { isAlive } from './lock.ts';
import type { PackageRef } from './types.ts';
import { normalizePypiName } from './types.ts';

/**
 * The store's folders under its root:
 *   npm/<name, / as +>@<version>/   node_modules/… + package.json + lockfile + manifest
 *   pypi/<normalized name>@<version>/   a relocatable venv + manifest
 *   tmp/<host>~<pid>~<random>~<slug>/   installs in progress, renamed into place when whole
 *   locks/<registry>~<slug>/   cross-process install locks
 *   tools/uv-<version>/   uv, bootstrapped from PyPI;  cache/{npm,uv}/   download caches;  home/
 */
export function slugOf(ref: PackageRef): string {
  const name = ref.registry === 'npm' ? ref.name.replace('/', '+') : normalizePypiName(ref.name);
  return `${name}@${ref.version}`;
}

export const packageDir = (root: string, ref: PackageRef) => path.join(root, ref.registry, slugOf(ref));
export const lockDir = (root: string, ref: PackageRef) => path.join(root, 'locks', `${ref.registry}~${slugOf(ref)}`);

const tmpSuffix = (ref: PackageRef) => `${ref.registry}~${slugOf(ref)}`;

export function newTempDir(root: string, ref: PackageRef | string): string {
  const tag = typeof ref === 'string' ? ref : tmpSuffix(ref);
  return path.join(root, 'tmp', `${hostname()}~${process.pid}~${randomBytes(4).toString('hex')}~${tag}`);
}

const DAY_MS = 86_400_000;

/**
 * Removes temp folders nobody is writing: those of a dead process of this host, a day-old one
 * of another host, or (with `ref`, called under that package's lock) every one of that package.
 */
export function cleanTemp(root: string, ref?: PackageRef): number {
  const tmp = path.join(root, 'tmp');
  if (!existsSync(tmp)) return 0;
  let removed = 0;
  for (const entry of readdirSync(tmp)) {
    const [host, pid, , ...rest] = entry.split('~');
    const full = path.join(tmp, entry);
    const mine = ref !== undefined && rest.join('~') === tmpSuffix(ref);
    const dead = host === hostname() ? !isAlive(Number(pid)) : Date.now() - statSync(full).mtimeMs > DAY_MS;
    if (!mine && !dead) continue;
    rmSync(full, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}

/** pyenv's 3.11, 3.12 and 3.13 (newest patch of each) when present, else the python3 on PATH. */
export function defaultPythons(): string[] {
  const versions = path.join(homedir(), '.pyenv', 'versions');
  if (!existsSync(versions)) return ['python3'];
  const installed = readdirSync(versions);
  const found = ['3.11', '3.12', '3.13'].flatMap((minor) => {
    const patches = installed.filter((v) => v.startsWith(`${minor}.`) && /^\d+\.\d+\.\d+$/.test(v)).sort((a, b) => Number(b.split('.')[2]) - Number(a.split('.')[2]));
    const python = patches[0] ? path.join(versions, patches[0], 'bin', 'python3') : undefined;
    return python && existsSync(python) ? [python] : [];
  });
  return found.length ? found : ['python3'];
}
