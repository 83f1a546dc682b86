import type { Client, WorkflowHandle } from '@temporalio/client';
import { PACKAGE_INSTALL_WORKFLOW, packageInstallWorkflowId, workflowArgs } from '../contracts/index.ts';
import type { PackageInstallInput, PackageInstallOutput } from '../contracts/index.ts';
import type { PackageLaunch } from '../package-store/index.ts';

/** The workflow's signature from its contract: platform/ never imports workflows/. */
type PackageInstall = (input: PackageInstallInput) => Promise<PackageInstallOutput>;

/** Bounds a run nobody works on (its task queue's workers gone) so its id is free again. */
const RUN_TIMEOUT = '30 minutes';

/**
 * Starts the durable install of a launch's package, or attaches to the one already running
 * for it (workflow id per package, USE_EXISTING): enabling a server installs it ahead, and a
 * first call that arrives meanwhile waits on the same run.
 */
export function startPackageInstall(
  temporal: { client: Client; taskQueue: string },
  launch: PackageLaunch,
  options: { allowScripts?: boolean } = {},
): Promise<WorkflowHandle<PackageInstall>> {
  return temporal.client.workflow.start<PackageInstall>(PACKAGE_INSTALL_WORKFLOW, {
    taskQueue: temporal.taskQueue,
    workflowId: packageInstallWorkflowId(launch.ref, temporal.taskQueue),
    workflowIdConflictPolicy: 'USE_EXISTING',
    workflowExecutionTimeout: RUN_TIMEOUT,
    args: workflowArgs(PACKAGE_INSTALL_WORKFLOW, { ref: launch.ref, ...(launch.bin ? { bin: launch.bin } : {}), allowScripts: options.allowScripts ?? false }),
  });
}
