import { startPackageInstall } from '../../../platform/package-install.ts';
import { storedPackageLaunch } from '../../../domain/launch.ts';
import type { AppDeps } from '../../context.ts';

/**
 * Installs ahead the package of a server a user just enabled (issue 35 item 1), so their first
 * call does not wait for it. Starting is all: the install runs on a worker, and a second enable
 * (or a first call) meanwhile attaches to the same run.
 */
export async function installAhead(deps: Pick<AppDeps, 'temporal'>, storedLaunch: unknown): Promise<void> {
  const launch = storedPackageLaunch(storedLaunch);
  if (launch) await startPackageInstall(deps.temporal, launch);
}
