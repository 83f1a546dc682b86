import { z } from 'zod';

/** A server started as a child process, spoken to over its stdin/stdout. */
export const StdioLaunchSchema = z.object({
  type: z.literal('stdio'),
  command: z.string().min(1),
  args: z.array(z.string()).default([]),
  /** Added to a minimal safe environment (HOME, PATH, ...); values are secrets. */
  env: z.record(z.string(), z.string()).optional(),
  cwd: z.string().optional(),
});

const httpFields = {
  url: z.url({ protocol: /^https?$/ }),
  /** Sent with every request (e.g. Authorization); values are secrets. */
  headers: z.record(z.string(), z.string()).optional(),
};

/** A server speaking the current Streamable HTTP transport. */
export const StreamableHttpLaunchSchema = z.object({ type: z.literal('streamable-http'), ...httpFields });

/** A server speaking the deprecated HTTP+SSE transport (protocol 2024-11-05). */
export const SseLaunchSchema = z.object({ type: z.literal('sse'), ...httpFields });

/**
 * An HTTP server of unknown kind: Streamable HTTP is tried first and, when the server
 * answers it with a 4xx, legacy SSE (the SDK's documented backwards-compatibility path).
 */
export const HttpLaunchSchema = z.object({ type: z.literal('http'), ...httpFields });

/** How to reach one MCP server. */
export const LaunchConfigSchema = z.discriminatedUnion('type', [
  StdioLaunchSchema,
  StreamableHttpLaunchSchema,
  SseLaunchSchema,
  HttpLaunchSchema,
]);

export type StdioLaunch = z.infer<typeof StdioLaunchSchema>;
export type StreamableHttpLaunch = z.infer<typeof StreamableHttpLaunchSchema>;
export type SseLaunch = z.infer<typeof SseLaunchSchema>;
export type HttpLaunch = z.infer<typeof HttpLaunchSchema>;
export type LaunchConfig = z.infer<typeof LaunchConfigSchema>;
/** Input form: `args` may be omitted. */
export type LaunchConfigInput = z.input<typeof LaunchConfigSchema>;

/**
 * A loggable description of a launch config: command and args (URL credentials masked),
 * or the URL without credentials, query or fragment. Env values and headers are never included.
 */
export function describeLaunch(launch: LaunchConfig): Record<string, unknown> {
  if (launch.type === 'stdio') {
    // Args are logged because they are what an operator debugs, but a connection string
    // such as postgres://user:pass@host carries its password in them: mask it.
    const args = launch.args.map((arg) => arg.replace(/(\/\/)[^/@\s]+@/g, '$1***@'));
    return { type: launch.type, command: launch.command, args, envKeys: Object.keys(launch.env ?? {}) };
  }
  const url = new URL(launch.url);
  return { type: launch.type, url: `${url.origin}${url.pathname}`, headerNames: Object.keys(launch.headers ?? {}) };
}
