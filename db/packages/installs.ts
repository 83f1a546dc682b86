import { and, eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { packageInstalls } from '../schema/index.ts';
import type { PackageInstallRow } from '../schema/index.ts';

/** A package as package_installs keys it (PyPI names as the store normalizes them). */
export interface PackageKey {
  registry: 'npm' | 'pypi';
  name: string;
  version: string;
}

const key = (ref: PackageKey) => and(eq(packageInstalls.registry, ref.registry), eq(packageInstalls.name, ref.name), eq(packageInstalls.version, ref.version));

type Outcome =
  | { status: 'installing' }
  | { status: 'installed'; installMs: number; integrity: string }
  | { status: 'failed'; error: string };

/**
 * Records where an install stands. Idempotent (an upsert keyed by the package), so a retried
 * activity writes the same row again. An 'installing' mark keeps the last success's figures.
 */
export async function recordPackageInstall(db: Database, ref: PackageKey, outcome: Outcome): Promise<void> {
  const now = new Date();
  const set =
    outcome.status === 'installed'
      ? { status: outcome.status, installMs: outcome.installMs, integrity: outcome.integrity, error: null, installedAt: now, lastUsedAt: now, updatedAt: now }
      : outcome.status === 'failed'
        ? { status: outcome.status, error: outcome.error.slice(0, 2000), updatedAt: now }
        : { status: outcome.status, updatedAt: now };
  await db
    .insert(packageInstalls)
    .values({ ...ref, ...set })
    .onConflictDoUpdate({ target: [packageInstalls.registry, packageInstalls.name, packageInstalls.version], set });
}

/** The recorded install of a package, or null when none was ever started. */
export async function findPackageInstall(db: Database, ref: PackageKey): Promise<PackageInstallRow | null> {
  const [row] = await db.select().from(packageInstalls).where(key(ref));
  return row ?? null;
}
