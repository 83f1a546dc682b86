import { z } from 'zod';
import { envelopeOf } from '../../schemas.ts';
import { toolDetail, toolItem } from '../../operations/registry-schemas.ts';

// Response schemas: they document the shapes (OpenAPI) and, because the serializer parses
// with them, guarantee nothing else (a launch secret, an internal column) is ever sent.

const int = z.number().int();
export { toolDetail, toolItem };

const toolBrief = z.object({ name: z.string(), description: z.string() });

export const registryEntry = z.object({
  name: z.string(),
  display_name: z.string(),
  description: z.string(),
  version: z.string(),
  url: z.string(),
  icon: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  tools_count: int,
  authentication: z.object({
    type: z.string(),
    required: z.boolean(),
    env_var: z.string().optional(),
    env_vars: z.array(z.string()).optional(),
    headers: z.array(z.string()).optional().describe("An HTTP server's credential headers"),
    setup_url: z.string().optional(),
  }),
  rate_limit: z.object({ requests_per_hour: int }).nullable(),
  supported_platforms: z.array(z.string()),
});
export const registryList = z.object({ servers: z.array(registryEntry), total: int, limit: int, offset: int });
export const registryDetail = registryEntry.extend({ tools: z.array(toolBrief), tools_source: z.string() });
export const registryDeleted = z.object({ name: z.string(), status: z.literal('deleted'), message: z.string() });


export const customServer = z.object({
  id: z.string(),
  name: z.string(),
  display_name: z.string(),
  description: z.string(),
  url: z.string(),
  icon: z.string(),
  category: z.string(),
  config: z.record(z.string(), z.unknown()),
  tools_count: int,
  created_at: int,
  updated_at: int.optional(),
  used_in_packs: int.optional(),
});
export const customServerCreated = customServer.extend({
  connection: z.object({ status: z.enum(['connected', 'error']), error: z.string().optional() }).nullable(),
});
export const customServerList = z.object({ servers: z.array(customServer), total: int });

const packServer = z.object({ id: z.string(), name: z.string(), display_name: z.string(), tools_count: int });
export const customPackCreated = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  servers: z.array(packServer),
  total_servers: int,
  total_tools: int,
  enabled: z.boolean(),
  created_at: int,
  updated_at: int,
});
export const customPackList = z.object({
  packs: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string(),
      servers_count: int,
      total_tools: int,
      enabled: z.boolean(),
      created_at: int,
      updated_at: int,
    }),
  ),
  pagination: z.object({ limit: int, offset: int, total: int }),
});
export const customPackDetail = customPackCreated.extend({
  servers: z.array(packServer.extend({ description: z.string(), tools: z.array(toolBrief) })),
});
export const customPackUpdated = z.object({ id: z.string(), name: z.string(), description: z.string(), updated_at: int });
export const customPackDeleted = z.object({ id: z.string(), status: z.literal('deleted'), message: z.string() });
export const packServerChange = z.object({ pack_id: z.string(), server: z.string(), status: z.enum(['added', 'removed']), total_servers: int });
export const packServersReplaced = z.object({ pack_id: z.string(), servers: z.array(z.string()), total_servers: int });

/** GET /tools (root form): every matching tool, briefly. */
export const toolBriefList = z.object({ tools: z.array(z.object({ name: z.string(), server: z.string(), description: z.string() })), total: int });
/** GET /tools/registry: the public catalog's tools with category and tags. */
export const toolRegistryList = z.object({
  tools: z.array(z.object({ name: z.string(), server: z.string(), category: z.string(), tags: z.array(z.string()) })),
  total: int,
});
export const toolPage = envelopeOf(
  z.object({ items: z.array(toolItem), pagination: z.object({ limit: int, offset: int, total: int, has_more: z.boolean() }) }),
);

export const toggleResult = z.object({ server: z.string(), enabled: z.boolean(), status: z.enum(['activated', 'deactivated']), tools_enabled: int });
/** The spec's status, synced_count and timestamp, and what the sync did (decisions.md, "Sync response"). */
export const syncResult = z.object({
  status: z.enum(['completed', 'partial']),
  synced_count: int,
  timestamp: z.string(),
  catalog_count: int,
  upstream_count: int,
  upstream_skipped: int,
  upstream_skipped_reasons: z.array(z.object({ name: z.string(), reason: z.string() })),
  tools_changed: int,
  reindex_workflow_id: z.string().nullable(),
  servers_refreshed: z.array(z.object({ name: z.string(), ok: z.boolean(), tool_count: int, error: z.string().optional() })),
});
