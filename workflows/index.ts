// Every workflow the worker registers. Only @temporalio/workflow, activity types and
// contracts may be imported under workflows/ (enforced by test/lint/workflow-imports.test.ts).
export { healthCheckWorkflow } from './health-check.ts';
