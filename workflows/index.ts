// Every workflow the worker registers. Only @temporalio/workflow, activity types and
// contracts may be imported under workflows/ (enforced by ESLint, eslint.config.js).
//
// Temporal's reusable V8 context evaluates this file and everything it imports again for
// every workflow run (each run gets a fresh module cache). So only the tool run and the health
// check, which import no zod (contracts/run.ts), are imported here; every other workflow is a
// wrapper that imports its module when one of its runs starts (webpack's eager mode: the module
// is in the bundle, no chunk is loaded). The import resolves in the same activation before the
// workflow's first command, so histories are the same as with a static import; none of these
// workflows sets a signal, query or update handler that an earlier registration could matter
// for. test/execution/workflow-graph.test.ts keeps zod out of what a tool run evaluates.
import type * as AgentRun from './agent-run.ts';
import type * as Billing from './billing.ts';
import type * as IndexTools from './index-tools.ts';
import type * as PackageInstall from './package-install.ts';
import type * as Reembed from './reembed.ts';
import type * as RegistryIndex from './registry-index.ts';
import type * as RegistryRefresh from './registry-refresh.ts';
import type * as RegistrySync from './registry-sync.ts';
import type * as ServerHealth from './server-health.ts';
import type * as ToolHarvest from './tool-harvest.ts';
import type * as OAuthCleanup from './oauth-cleanup.ts';
import type * as WebhookDelivery from './webhook-delivery.ts';
import type * as WebhookFanOut from './webhook-fanout.ts';

export { healthCheckWorkflow } from './health-check.ts';
export { toolExecutionWorkflow } from './tool-execution.ts';

export async function registrySyncWorkflow(...args: Parameters<typeof RegistrySync.registrySyncWorkflow>) {
  return (await import(/* webpackMode: "eager" */ './registry-sync.ts')).registrySyncWorkflow(...args);
}

export async function serverRefreshWorkflow(...args: Parameters<typeof RegistryRefresh.serverRefreshWorkflow>) {
  return (await import(/* webpackMode: "eager" */ './registry-refresh.ts')).serverRefreshWorkflow(...args);
}

export async function toolHarvestWorkflow(...args: Parameters<typeof ToolHarvest.toolHarvestWorkflow>) {
  return (await import(/* webpackMode: "eager" */ './tool-harvest.ts')).toolHarvestWorkflow(...args);
}

export async function serverHealthWorkflow(...args: Parameters<typeof ServerHealth.serverHealthWorkflow>) {
  return (await import(/* webpackMode: "eager" */ './server-health.ts')).serverHealthWorkflow(...args);
}

export async function webhookDeliveryWorkflow(...args: Parameters<typeof WebhookDelivery.webhookDeliveryWorkflow>) {
  return (await import(/* webpackMode: "eager" */ './webhook-delivery.ts')).webhookDeliveryWorkflow(...args);
}

export async function webhookFanOutWorkflow(...args: Parameters<typeof WebhookFanOut.webhookFanOutWorkflow>) {
  return (await import(/* webpackMode: "eager" */ './webhook-fanout.ts')).webhookFanOutWorkflow(...args);
}

export async function billingOrderWorkflow(...args: Parameters<typeof Billing.billingOrderWorkflow>) {
  return (await import(/* webpackMode: "eager" */ './billing.ts')).billingOrderWorkflow(...args);
}

export async function billingVerificationWorkflow(...args: Parameters<typeof Billing.billingVerificationWorkflow>) {
  return (await import(/* webpackMode: "eager" */ './billing.ts')).billingVerificationWorkflow(...args);
}

export async function indexToolsWorkflow(...args: Parameters<typeof IndexTools.indexToolsWorkflow>) {
  return (await import(/* webpackMode: "eager" */ './index-tools.ts')).indexToolsWorkflow(...args);
}

export async function reembedWorkflow(...args: Parameters<typeof Reembed.reembedWorkflow>) {
  return (await import(/* webpackMode: "eager" */ './reembed.ts')).reembedWorkflow(...args);
}

export async function registryReindexWorkflow(...args: Parameters<typeof RegistryIndex.registryReindexWorkflow>) {
  return (await import(/* webpackMode: "eager" */ './registry-index.ts')).registryReindexWorkflow(...args);
}

export async function agentRunWorkflow(...args: Parameters<typeof AgentRun.agentRunWorkflow>) {
  return (await import(/* webpackMode: "eager" */ './agent-run.ts')).agentRunWorkflow(...args);
}

export async function packageInstallWorkflow(...args: Parameters<typeof PackageInstall.packageInstallWorkflow>) {
  return (await import(/* webpackMode: "eager" */ './package-install.ts')).packageInstallWorkflow(...args);
}

export async function oauthCleanupWorkflow(...args: Parameters<typeof OAuthCleanup.oauthCleanupWorkflow>) {
  return (await import(/* webpackMode: "eager" */ './oauth-cleanup.ts')).oauthCleanupWorkflow(...args);
}
