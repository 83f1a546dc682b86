import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import type { Database } from '../../db/client.ts';
import { recordPackageInstall } from '../../db/packages/installs.ts';
import type { PackageInstallInput, PackageInstallOutput } from '../../contracts/index.ts';
import { PACKAGE_INSTALL_REJECTED } from '../../contracts/index.ts';
import type { Logger } from '../../platform/logger.ts';
import { checkPackageRef, normalizedRef, PackageInstallError, packageKey } from '../../package-store/index.ts';
import type { PackageLaunch, PackageStore } from '../../package-store/index.ts';

export interface PackageActivityDeps {
  db: Database;
  logger: Logger;
  /** The worker machine's package store (worker/run-worker.ts opens it at PACKAGE_STORE_DIR). */
  packages: PackageStore;
}

/** Heartbeats at least this often while npm or uv run silently; the workflow's heartbeat timeout is a few times more. */
const HEARTBEAT_EVERY_MS = 5_000;

/** package_installs keys PyPI names as the store does (normalized). */
const rowKey = normalizedRef;

/** The durable install step (workflows/package-install.ts). */
export function createPackageActivities(deps: PackageActivityDeps) {
  const log = deps.logger.child({ component: 'package-install' });
  return {
    /**
     * Installs a package into this worker's store, heartbeating with its progress, so a worker
     * killed mid-install is noticed within the heartbeat timeout and the attempt retried on
     * another worker (the store cleans what the dead install left). Rejections that a retry
     * cannot change (not_found, integrity, script, timeout) are non-retryable; 'failed'
     * (a registry that did not answer, a disk error) is retried.
     */
    async installPackage(input: PackageInstallInput): Promise<PackageInstallOutput> {
      const launch: PackageLaunch = { ref: input.ref, ...(input.bin ? { bin: input.bin } : {}), args: [] };
      try {
        checkPackageRef(input.ref);
      } catch (error) {
        // Not a package any registry could hold: no retry can change that.
        throw ApplicationFailure.nonRetryable((error as Error).message, PACKAGE_INSTALL_REJECTED, { reason: 'invalid', ref: input.ref });
      }
      const key = rowKey(input.ref);
      const ready = deps.packages.installed(launch);
      if (ready) {
        await recordPackageInstall(deps.db, key, { status: 'installed', installMs: ready.installMs, integrity: ready.integrity });
        return { integrity: ready.integrity, installMs: ready.installMs, alreadyInstalled: true };
      }
      const context = Context.current();
      let last = 'installing';
      const beat = setInterval(() => context.heartbeat(last), HEARTBEAT_EVERY_MS);
      await recordPackageInstall(deps.db, key, { status: 'installing' });
      try {
        const installed = await deps.packages.ensure(launch, {
          allowScripts: input.allowScripts,
          signal: context.cancellationSignal,
          onProgress: (message) => {
            last = message;
            context.heartbeat(message);
          },
        });
        await recordPackageInstall(deps.db, key, { status: 'installed', installMs: installed.installMs, integrity: installed.integrity });
        return { integrity: installed.integrity, installMs: installed.installMs, alreadyInstalled: false };
      } catch (error) {
        if (!(error instanceof PackageInstallError)) throw error;
        await recordPackageInstall(deps.db, key, { status: 'failed', error: error.message });
        log.info({ package: packageKey(input.ref), reason: error.reason }, 'package install failed');
        if (error.reason === 'failed') throw new Error(error.message);
        throw ApplicationFailure.nonRetryable(error.message, PACKAGE_INSTALL_REJECTED, { reason: error.reason, ref: error.ref });
      } finally {
        clearInterval(beat);
      }
    },
  };
}
