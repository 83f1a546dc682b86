import { z } from 'zod';

/** A pinned package, as package-store/ names it (its PackageRef). */
export const pinnedPackageSchema = z.object({
  registry: z.enum(['npm', 'pypi']),
  name: z.string().min(1).max(214),
  version: z.string().min(1).max(64),
});

export const packageInstallInput = z.object({
  ref: pinnedPackageSchema,
  /** The executable the entry runs (its `--package`/`--from` bin): the install checks it is there. */
  bin: z.string().min(1).max(128).optional(),
  /** The entry needs its package's install scripts (npm) or a source build (PyPI). */
  allowScripts: z.boolean().default(false),
});
export type PackageInstallInput = z.infer<typeof packageInstallInput>;

export const packageInstallOutput = z.object({
  integrity: z.string(),
  /** How long the install took where it ran (that of an earlier install when already there). */
  installMs: z.number().int(),
  /** True when the worker's store had it already: nothing was installed by this run. */
  alreadyInstalled: z.boolean(),
});
export type PackageInstallOutput = z.infer<typeof packageInstallOutput>;

/** The failure type of an install that must not be retried (not_found, integrity, script, timeout). */
export const PACKAGE_INSTALL_REJECTED = 'PACKAGE_INSTALL_REJECTED';

/**
 * One install per package per deployment: a second start for the same package attaches to the
 * running one (USE_EXISTING). The task queue is part of it, as in the registry sync's id, so
 * deployments (and test runs) sharing one Temporal namespace never attach to each other's.
 */
export function packageInstallWorkflowId(ref: { registry: string; name: string; version: string }, taskQueue: string): string {
  const name = ref.registry === 'pypi' ? ref.name.toLowerCase().replace(/[-_.]+/g, '-') : ref.name;
  return `package:${ref.registry}:${name}@${ref.version}:${taskQueue}`;
}
