import type { z } from 'zod';
import { agentRunInput } from './agent.ts';
import { billingOrderInput, billingVerificationInput } from './billing.ts';
import { healthCheckInput } from './core.ts';
import { toolExecutionInput } from './execution.ts';
import { oauthCleanupInput } from './oauth.ts';
import { packageInstallInput } from './packages.ts';
import { registryReindexInput, registrySyncInput, serverHealthInput, serverRefreshInput, toolHarvestInput } from './registry.ts';
import { indexToolsInput, reembedInput } from './retrieval.ts';
import { webhookDeliveryInput, webhookFanOutInput } from './webhooks.ts';

/**
 * Every workflow type, by the name the worker registers it under (workflows/index.ts exports
 * a function of each name; test/execution/contracts.test.ts keeps the two lists equal), with
 * the schema of its one argument. Starters use these names, never a string of their own.
 */
const INPUTS = {
  toolExecutionWorkflow: toolExecutionInput,
  webhookDeliveryWorkflow: webhookDeliveryInput,
  webhookFanOutWorkflow: webhookFanOutInput,
  billingOrderWorkflow: billingOrderInput,
  billingVerificationWorkflow: billingVerificationInput,
  healthCheckWorkflow: healthCheckInput,
  registrySyncWorkflow: registrySyncInput,
  serverRefreshWorkflow: serverRefreshInput,
  serverHealthWorkflow: serverHealthInput,
  registryReindexWorkflow: registryReindexInput,
  indexToolsWorkflow: indexToolsInput,
  reembedWorkflow: reembedInput,
  agentRunWorkflow: agentRunInput,
  packageInstallWorkflow: packageInstallInput,
  toolHarvestWorkflow: toolHarvestInput,
  oauthCleanupWorkflow: oauthCleanupInput,
} as const;

export type WorkflowName = keyof typeof INPUTS;
export const WORKFLOW_NAMES = Object.keys(INPUTS) as WorkflowName[];

export const TOOL_EXECUTION_WORKFLOW = 'toolExecutionWorkflow' satisfies WorkflowName;
export const WEBHOOK_DELIVERY_WORKFLOW = 'webhookDeliveryWorkflow' satisfies WorkflowName;
export const WEBHOOK_FANOUT_WORKFLOW = 'webhookFanOutWorkflow' satisfies WorkflowName;
export const BILLING_ORDER_WORKFLOW = 'billingOrderWorkflow' satisfies WorkflowName;
export const BILLING_VERIFICATION_WORKFLOW = 'billingVerificationWorkflow' satisfies WorkflowName;
export const HEALTH_CHECK_WORKFLOW = 'healthCheckWorkflow' satisfies WorkflowName;
export const REGISTRY_SYNC_WORKFLOW = 'registrySyncWorkflow' satisfies WorkflowName;
export const SERVER_REFRESH_WORKFLOW = 'serverRefreshWorkflow' satisfies WorkflowName;
export const SERVER_HEALTH_WORKFLOW = 'serverHealthWorkflow' satisfies WorkflowName;
export const REGISTRY_REINDEX_WORKFLOW = 'registryReindexWorkflow' satisfies WorkflowName;
export const INDEX_TOOLS_WORKFLOW = 'indexToolsWorkflow' satisfies WorkflowName;
export const REEMBED_WORKFLOW = 'reembedWorkflow' satisfies WorkflowName;
export const AGENT_RUN_WORKFLOW = 'agentRunWorkflow' satisfies WorkflowName;
export const PACKAGE_INSTALL_WORKFLOW = 'packageInstallWorkflow' satisfies WorkflowName;
export const TOOL_HARVEST_WORKFLOW = 'toolHarvestWorkflow' satisfies WorkflowName;
export const OAUTH_CLEANUP_WORKFLOW = 'oauthCleanupWorkflow' satisfies WorkflowName;

/**
 * The `args` of a start, parsed against the workflow's input schema on the client side: a
 * run never starts (and never lands in history) with an input its workflow cannot take.
 * A ZodError here is our bug, not the caller's: every caller input was parsed by its route.
 */
export function workflowArgs<N extends WorkflowName>(name: N, input: z.input<(typeof INPUTS)[N]>): [z.output<(typeof INPUTS)[N]>] {
  return [INPUTS[name].parse(input) as z.output<(typeof INPUTS)[N]>];
}
