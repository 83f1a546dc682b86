export * from './accounts.ts';
export * from './limits.ts';
export * from './events.ts';
export * from './registry.ts';
export * from './jobs.ts';
export * from './webhooks.ts';
export * from './packs.ts';
