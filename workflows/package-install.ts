import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import { packageInstallOutput, PACKAGE_INSTALL_REJECTED } from '../contracts/packages.ts';
import type { PackageInstallInput, PackageInstallOutput } from '../contracts/packages.ts';

// The install is bounded by the store's own timeout (5 min); the heartbeat timeout is what
// notices a worker that died mid-install, so the attempt moves to another worker quickly.
const { installPackage } = proxyActivities<Activities>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '30 seconds',
  retry: { maximumAttempts: 4, initialInterval: '2 seconds', backoffCoefficient: 2, nonRetryableErrorTypes: [PACKAGE_INSTALL_REJECTED] },
});

/** Installs one catalog package into the worker's store; its id is the package's (contracts/packages.ts). */
export async function packageInstallWorkflow(input: PackageInstallInput): Promise<PackageInstallOutput> {
  return packageInstallOutput.parse(await installPackage(input));
}
