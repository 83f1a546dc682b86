export * from './accounts.ts';
export * from './limits.ts';
export * from './events.ts';
export * from './registry.ts';
