// Every workflow the worker registers. Only @temporalio/workflow, activity types and
// contracts may be imported under workflows/ (enforced by test/lint/workflow-imports.test.ts).
export { healthCheckWorkflow } from './health-check.ts';
export { registrySyncWorkflow } from './registry-sync.ts';
export { serverRefreshWorkflow } from './registry-refresh.ts';
export { serverHealthWorkflow } from './server-health.ts';
export { toolExecutionWorkflow } from './tool-execution.ts';
export { webhookDeliveryWorkflow } from './webhook-delivery.ts';
export { billingOrderWorkflow, billingVerificationWorkflow } from './billing.ts';
export { indexToolsWorkflow } from './index-tools.ts';
export { reembedWorkflow } from './reembed.ts';
export { registryReindexWorkflow } from './registry-index.ts';
export { agentRunWorkflow } from './agent-run.ts';
