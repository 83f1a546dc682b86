import { z } from 'zod';

// Response schemas of a user's servers (server-routes.ts); like responses.ts, the serializer
// parses with them, so only the fields written here are ever sent.

const int = z.number().int();

/** Spec "Server with user state". */
export const userServerList = z.object({
  servers: z.array(
    z.object({
      name: z.string(),
      display_name: z.string(),
      description: z.string(),
      url: z.string(),
      enabled: z.boolean(),
      installed: z.boolean(),
      tools_count: int,
      icon: z.string(),
      category: z.string(),
    }),
  ),
  total: int,
  enabled_count: int,
});

export const installedTools = z.object({
  tools: z.array(z.object({ name: z.string(), server: z.string(), description: z.string(), enabled: z.boolean() })),
  total: int,
});

export const installationTracked = z.object({
  status: z.literal('tracked'),
  tool_name: z.string(),
  server: z.string(),
  pack_id: z.string().nullable(),
  installed: z.literal(true),
  /** false when the server was installed already (no server.installed event then). */
  newly_installed: z.boolean(),
  tools_enabled: int,
});

export const userServerState = z.object({
  enabled_packs: z.array(z.string()),
  enabled_servers: z.array(z.string()),
  installed_servers: z.array(z.string()),
});

/** A user sync: 200 once finished within the wait, 202 (status running) while it runs. */
export const userSync = z.object({
  sync_id: z.uuid(),
  status: z.enum(['running', 'completed', 'partial', 'failed']),
  synced_count: int,
  timestamp: z.string(),
  servers: z.array(z.object({ name: z.string(), ok: z.boolean(), tool_count: int, error: z.string().optional() })),
});
