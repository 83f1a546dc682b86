export * from './accounts.ts';
export * from './limits.ts';
export * from './events.ts';
