import { WorkflowFailedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import type { ToolTarget } from '../../../db/jobs/tool-target.ts';
import { findPackageInstall } from '../../../db/packages/installs.ts';
import { shownServerName } from '../../../db/registry/server-keys.ts';
import { startPackageInstall } from '../../../platform/package-install.ts';
import { normalizedRef, packageSpec } from '../../../package-store/index.ts';
import type { AppDeps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { storedPackageLaunch } from '../../../domain/launch.ts';

/**
 * How long a direct run waits for its server's first install before it gives up: npm and uv
 * installs measured here took 2–60 s (bench/README.md); the store's own limit is 5 minutes.
 */
export const INSTALL_WAIT_MS = 300_000;

/**
 * The first call of a never-installed catalog server (issue 35 item 1): its package's durable
 * install (workflows/package-install.ts, one run per package, attached to when under way) is
 * started and, when `wait`, awaited before the run starts, so the install does not eat the
 * tool's own time limit. A job does not wait here: its call waits on the same install on the
 * worker, with progress on its stream. An install that fails fails the run, naming the package.
 */
export async function awaitPackageInstall(deps: Pick<AppDeps, 'db' | 'temporal'>, target: ToolTarget, wait: boolean): Promise<void> {
  const launch = storedPackageLaunch(target.launch);
  if (!launch) return;
  const recorded = await findPackageInstall(deps.db, normalizedRef(launch.ref));
  if (recorded?.status === 'installed') return;
  const handle = await startPackageInstall(deps.temporal, launch);
  if (!wait) return;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the install did not finish within ${INSTALL_WAIT_MS / 1000} s`)), INSTALL_WAIT_MS);
  });
  try {
    await Promise.race([handle.result(), late]);
  } catch (error) {
    const cause = error instanceof WorkflowFailedError && error.cause instanceof ApplicationFailure ? error.cause.message : (error as Error).message;
    const server = shownServerName(target.server);
    throw new AppError('EXECUTION_ERROR', `Server ${server} could not be installed (${launch.ref.registry} ${packageSpec(launch.ref)}): ${cause.slice(0, 500)}`, {
      tool_error: cause.slice(0, 500),
      package: `${launch.ref.registry} ${packageSpec(launch.ref)}`,
    });
  } finally {
    clearTimeout(timer);
  }
}
