import { shownServerName } from '../../../db/registry/server-keys.ts';
import type { ServerWithCount } from '../../../db/registry/servers.ts';
import type { ToolWithServer } from '../../../db/registry/tools.ts';
import type { McpServerRow, ToolRow } from '../../../db/schema/index.ts';

/** Only these authentication fields are public: names of credentials, never their values. */
export interface PublicAuthentication {
  type: string;
  required: boolean;
  env_var?: string;
  env_vars?: string[];
  headers?: string[];
  setup_url?: string;
}

export function publicAuthentication(value: Record<string, unknown> | null): PublicAuthentication {
  if (!value) return { type: 'none', required: false };
  const out: PublicAuthentication = { type: typeof value.type === 'string' ? value.type : 'none', required: value.required === true };
  if (typeof value.env_var === 'string') out.env_var = value.env_var;
  if (Array.isArray(value.env_vars)) out.env_vars = value.env_vars.filter((v): v is string => typeof v === 'string');
  if (Array.isArray(value.headers)) out.headers = value.headers.filter((v): v is string => typeof v === 'string');
  if (typeof value.setup_url === 'string') out.setup_url = value.setup_url;
  return out;
}

/** Registry entry (spec "Registry entry") without the detail-only tools. */
export function registryEntry(server: ServerWithCount) {
  return {
    name: shownServerName(server.name),
    display_name: server.displayName,
    description: server.description,
    version: server.version,
    url: server.url,
    icon: server.icon,
    category: server.category,
    tags: server.tags,
    tools_count: server.toolsCount,
    authentication: publicAuthentication(server.authentication),
    rate_limit: server.rateLimit ?? null,
    supported_platforms: server.supportedPlatforms,
  };
}

export function registryDetail(server: ServerWithCount, tools: Pick<ToolRow, 'name' | 'description'>[]) {
  return {
    ...registryEntry(server),
    tools: tools.map((t) => ({ name: t.name, description: t.description })),
    tools_source: server.toolsSource,
  };
}

/** The credential a tool needs: its server's (single) env var, or the first of several. */
function credentialName(server: McpServerRow): string | null {
  const auth = server.authentication;
  if (!auth || auth.required !== true) return null;
  if (typeof auth.env_var === 'string') return auth.env_var;
  return Array.isArray(auth.env_vars) && typeof auth.env_vars[0] === 'string' ? auth.env_vars[0] : null;
}

/** A tool in list views (v1 variant): name, server, description, inputSchema, category, tags. */
export function toolItem(tool: ToolWithServer) {
  return {
    name: tool.name,
    server: shownServerName(tool.serverName),
    description: tool.description,
    inputSchema: tool.inputSchema,
    category: tool.category ?? tool.server.category,
    tags: tool.tags.length ? tool.tags : tool.server.tags,
  };
}

/** Tool detail (spec "Tool", detail-only fields included). */
export function toolDetail(tool: ToolWithServer) {
  return {
    ...toolItem(tool),
    outputSchema: tool.outputSchema ?? null,
    examples: tool.examples,
    authentication_required: credentialName(tool.server),
    rate_limit: tool.server.rateLimit ?? null,
  };
}

/** Custom server (spec "Custom server"); `config` is what the user sent with secret values removed. */
export interface CustomServerView {
  id: string;
  name: string;
  display_name: string;
  description: string;
  url: string;
  icon: string;
  category: string;
  config: Record<string, unknown>;
  tools_count: number;
  created_at: number;
  updated_at?: number;
  used_in_packs?: number;
}

export function customServer(server: ServerWithCount, usedInPacks?: number): CustomServerView {
  const out: CustomServerView = {
    id: server.id,
    name: shownServerName(server.name),
    display_name: server.displayName,
    description: server.description,
    url: server.url,
    icon: server.icon,
    category: server.category,
    config: server.config ?? {},
    tools_count: server.toolsCount,
    created_at: Math.floor(server.createdAt.getTime() / 1000),
    updated_at: Math.floor(server.updatedAt.getTime() / 1000),
  };
  if (usedInPacks !== undefined) out.used_in_packs = usedInPacks;
  return out;
}

export const unix = (date: Date) => Math.floor(date.getTime() / 1000);
