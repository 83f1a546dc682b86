import { readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { InstalledPackage, PackageLaunch, PackageRef } from './types.ts';
import { normalizePypiName, PackageInstallError } from './types.ts';

/** Written last into a package's folder before the rename: its presence means a whole install. */
export const MANIFEST = '.switchboard-package.json';
/** Touched by ensure/installed; gc reads its mtime. A file of its own, so a touch never rewrites the manifest. */
export const LAST_USED = '.last-used';
const TOUCH_EVERY_MS = 60_000;

export interface Manifest {
  format: 1;
  ref: PackageRef;
  integrity: string;
  installMs: number;
  installedAt: string;
  /** npm: executable name → script path relative to the folder. */
  bins?: Record<string, string>;
  /** PyPI: the interpreter's sys.base_prefix, and the venv's console scripts. */
  pythonPrefix?: string;
  scripts?: string[];
}

export function writeManifest(dir: string, manifest: Manifest): void {
  writeFileSync(path.join(dir, LAST_USED), '');
  writeFileSync(path.join(dir, MANIFEST), JSON.stringify(manifest));
}

/** The manifest of a complete install, or null when the folder holds none. */
export function readManifest(dir: string): Manifest | null {
  try {
    return JSON.parse(readFileSync(path.join(dir, MANIFEST), 'utf8')) as Manifest;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Marks the package used now, at most once a minute (installed() is called per launch). */
export function touchLastUsed(dir: string): void {
  const stamp = path.join(dir, LAST_USED);
  try {
    if (Date.now() - statSync(stamp).mtimeMs < TOUCH_EVERY_MS) return;
    const now = new Date();
    utimesSync(stamp, now, now);
  } catch {
    writeFileSync(stamp, '');
  }
}

export function lastUsedMs(dir: string): number {
  try {
    return statSync(path.join(dir, LAST_USED)).mtimeMs;
  } catch {
    return statSync(dir).mtimeMs;
  }
}

/** npx's choice: the named bin; else the only one; else the one named like the package. */
function npmCommand(launch: PackageLaunch, dir: string, manifest: Manifest, node: string): { command: string; args: string[] } {
  const bins = manifest.bins ?? {};
  const names = Object.keys(bins);
  const unscoped = launch.ref.name.replace(/^@[^/]+\//, '');
  const name = launch.bin ?? (names.length === 1 ? names[0] : names.find((n) => n === unscoped));
  const script = name ? bins[name] : undefined;
  if (!script) throw new PackageInstallError('failed', launch.ref, `has no executable ${launch.bin ?? unscoped} (it has: ${names.join(', ') || 'none'})`);
  // Run with our own node binary: `#!/usr/bin/env node` would find whatever node PATH has.
  return { command: node, args: [path.join(dir, script)] };
}

/** uvx's choice: the script named by the entry, else the one named like the package. */
function pypiCommand(launch: PackageLaunch, dir: string, manifest: Manifest): { command: string; args: string[] } {
  const scripts = manifest.scripts ?? [];
  const want = launch.bin ?? launch.ref.name;
  const script = scripts.find((s) => s === want) ?? scripts.find((s) => normalizePypiName(s) === normalizePypiName(want));
  if (!script) throw new PackageInstallError('failed', launch.ref, `has no executable ${want} (it has: ${scripts.join(', ') || 'none'})`);
  return { command: path.join(dir, 'bin', script), args: [] };
}

export function installedOf(launch: PackageLaunch, dir: string, manifest: Manifest, node: string): InstalledPackage {
  const { command, args } = launch.ref.registry === 'npm' ? npmCommand(launch, dir, manifest, node) : pypiCommand(launch, dir, manifest);
  const runtime = launch.ref.registry === 'npm' ? path.dirname(node) : manifest.pythonPrefix;
  return {
    ref: launch.ref,
    dir,
    command,
    args,
    readOnly: runtime ? [dir, runtime] : [dir],
    integrity: manifest.integrity,
    installMs: manifest.installMs,
  };
}
