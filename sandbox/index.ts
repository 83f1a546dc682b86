export { sandboxedCommand } from './command.ts';
export type { EgressPolicy, SandboxSpec } from './command.ts';
export { DEFAULT_SANDBOX_LIMITS } from './limits.ts';
export type { SandboxLimits } from './limits.ts';
export { probeSandbox } from './probe.ts';
export type { SandboxSupport } from './probe.ts';
export { SANDBOX_UID } from './host.ts';
