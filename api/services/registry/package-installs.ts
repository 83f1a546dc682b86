import { startPackageInstall } from '../../../lib/package-install.ts';
import { packageLaunchOf } from '../../../package-store/index.ts';
import type { PackageLaunch } from '../../../package-store/index.ts';
import type { AppDeps } from '../../context.ts';

/**
 * The package a stored launch runs from: a catalog entry's `{command: npx|uvx, args, package}`.
 * Null for every other launch (reference servers, remotes, an upstream package in the official
 * registry's shape, a launch whose args do not run the package it pins).
 */
export function storedPackageLaunch(stored: unknown): PackageLaunch | null {
  const launch = stored as { command?: unknown; args?: unknown; package?: { registry?: unknown; name?: unknown; version?: unknown } } | null;
  const pkg = launch?.package;
  if (!pkg || (pkg.registry !== 'npm' && pkg.registry !== 'pypi') || typeof pkg.name !== 'string' || typeof pkg.version !== 'string') return null;
  if (typeof launch.command !== 'string' || !Array.isArray(launch.args) || !launch.args.every((a) => typeof a === 'string')) return null;
  try {
    return packageLaunchOf({ command: launch.command, args: launch.args as string[], package: { registry: pkg.registry, name: pkg.name, version: pkg.version } });
  } catch {
    return null;
  }
}

/**
 * Installs ahead the package of a server a user just enabled (issue 35 item 1), so their first
 * call does not wait for it. Starting is all: the install runs on a worker, and a second enable
 * (or a first call) meanwhile attaches to the same run.
 */
export async function installAhead(deps: Pick<AppDeps, 'temporal'>, storedLaunch: unknown): Promise<void> {
  const launch = storedPackageLaunch(storedLaunch);
  if (launch) await startPackageInstall(deps.temporal, launch);
}
