import { z } from 'zod';
import { SERVER_CATEGORIES } from '../../../db/schema/index.ts';

// Response schemas of the curated packs and capabilities (pack-routes.ts); like responses.ts,
// the serializer parses with them, so only the fields written here are ever sent.

const int = z.number().int();
const toolBrief = z.object({ name: z.string(), description: z.string() });

/** A pack in GET /packs and GET /packs/{pack_id}; `enabled` only when the caller is a user. */
export const packSummary = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  kind: z.enum(['curated', 'custom']),
  servers: z.array(z.string()),
  servers_count: int,
  total_tools: int,
  enabled: z.boolean().optional(),
  created_at: int,
  updated_at: int,
});
export const packList = z.object({ packs: z.array(packSummary), total: int });

export const packServers = z.object({
  pack_id: z.string(),
  servers: z.array(
    z.object({
      name: z.string(),
      display_name: z.string(),
      description: z.string(),
      category: z.string(),
      icon: z.string(),
      tools_count: int,
      tools: z.array(toolBrief),
    }),
  ),
  total: int,
});

export const packEnabled = z.object({
  pack_id: z.string(),
  name: z.string(),
  status: z.literal('enabled'),
  servers: z.array(z.string()),
  servers_enabled: int,
  total_tools: int,
  /** false when the pack was enabled already (no pack.enabled event then). */
  newly_enabled: z.boolean(),
});

/** Action capabilities (search, read, create...) with how many tools perform each. */
export const actionCapabilities = z.object({ capabilities: z.array(z.object({ id: z.string(), name: z.string(), tool_count: int })) });
export const toolCapabilities = z.object({
  capabilities: z.array(z.object({ id: z.string(), name: z.string(), verbs: z.array(z.string()), tool_count: int, servers: z.array(z.string()) })),
});
/** Servers as capabilities (the sense enabling uses; docs/registry.md). */
export const serverCapabilities = z.object({
  capabilities: z.array(z.object({ server_name: z.string(), description: z.string(), tool_count: int })),
});
export const capabilityEnabled = z.object({ capability_id: z.string(), status: z.literal('enabled'), tools_enabled: int });

export const categoryList = z.object({
  categories: z.array(z.object({ name: z.enum(SERVER_CATEGORIES), server_count: int, tool_count: int })),
  total: int,
});
