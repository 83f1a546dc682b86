// The public surface of mcp/: import from here, not from the files behind it.
export { McpSessionPool } from './pool.ts';
export type { McpSessionPoolOptions, PingResult, RegisterOptions } from './pool.ts';
// The outbound target policy: the pool's HTTP sessions, webhook deliveries and URL checks share it.
export { isPrivateAddress } from './private-address.ts';
export { TargetRefusedError, guardedConnectOptions, guardedLookup } from './outbound-guard.ts';
export type { LookupFunction, TargetPolicy } from './outbound-guard.ts';
export { createGuardedFetch } from './guarded-fetch.ts';
export { boundedFetch } from './bounded-fetch.ts';
export { bearerFetch } from './bearer-fetch.ts';
export type { BearerTokens } from './bearer-fetch.ts';
export type { FetchLike } from './guarded-fetch.ts';
export type { CallToolOptions, CallToolOutcome, ToolDescriptor, ToolProgress } from './operations.ts';
export {
  McpCancelledError,
  McpClientError,
  McpConnectionError,
  McpProtocolError,
  McpResponseTooLargeError,
  McpTimeoutError,
  McpUnreachableError,
  McpToolRefusedError,
  targetRefused,
} from './errors.ts';
export {
  HttpLaunchSchema,
  LaunchConfigSchema,
  SseLaunchSchema,
  StdioLaunchSchema,
  StreamableHttpLaunchSchema,
  describeLaunch,
} from './launch-config.ts';
export type { HttpLaunch, LaunchConfig, LaunchConfigInput, SseLaunch, StdioLaunch, StreamableHttpLaunch } from './launch-config.ts';
export { DEFAULT_READ_LIMITS } from './read-limits.ts';
export type { ReadLimits } from './read-limits.ts';
export {
  NO_FETCH_DOMAIN,
  PER_USER_REFERENCE_SERVERS,
  REFERENCE_PACKAGES,
  REFERENCE_SERVER_NAMES,
  referenceServerLaunch,
  referenceServers,
  resolvePackageBin,
  userFolderName,
} from './reference-servers.ts';
export type { ReferenceServerName } from './reference-servers.ts';
