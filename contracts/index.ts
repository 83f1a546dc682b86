/**
 * The one contracts module: task queues, workflow names, and every workflow's input and output
 * as one serializable object (zod schema + inferred type). api/, worker/ and workflows/ import
 * it; the files behind it import each other directly, never this one (no cycle).
 */
export * from './core.ts';
export * from './run.ts';
export * from './execution.ts';
export * from './billing.ts';
export * from './registry.ts';
export * from './retrieval.ts';
export * from './webhooks.ts';
export * from './agent.ts';
export * from './packages.ts';
export * from './oauth.ts';
export * from './workflows.ts';
