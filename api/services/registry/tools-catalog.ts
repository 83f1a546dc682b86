import { shownServerName } from '../../../db/registry/server-keys.ts';
import { listTools } from '../../../db/registry/tools.ts';
import type { ToolFilter } from '../../../db/registry/tools.ts';
import type { ServerCategory } from '../../../db/schema/index.ts';
import type { AppDeps } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { toolDetail, toolItem } from './shapes.ts';
import { availabilityOf } from '../retrieval/availability.ts';

export interface CatalogQuery {
  limit?: number;
  offset: number;
  server?: string;
  category?: ServerCategory;
}

/** GET /tools (root form): every matching tool unless a limit is given. */
export async function listToolsRoot(deps: AppDeps, userId: string | null, query: CatalogQuery) {
  const { rows, total } = await listTools(deps.db, userId, query);
  return { tools: rows.map((t) => ({ name: t.name, server: shownServerName(t.serverName), description: t.description })), total };
}

/** GET /v1/tools: paged, with has_more. */
export async function listToolsV1(deps: AppDeps, userId: string | null, query: CatalogQuery & { limit: number }) {
  const { rows, total } = await listTools(deps.db, userId, query);
  return {
    items: rows.map(toolItem),
    pagination: { limit: query.limit, offset: query.offset, total, has_more: query.offset + rows.length < total },
  };
}

/**
 * One tool by name. Names are unique within a server only: `server/name` in the path or a
 * `server` parameter picks one; otherwise the first by server name wins (docs/registry.md).
 */
export async function findTool(deps: AppDeps, userId: string | null, toolName: string, server?: string, origin?: string) {
  let name = toolName;
  let scope = server;
  const slash = toolName.indexOf('/');
  if (!scope && slash > 0) {
    scope = toolName.slice(0, slash);
    name = toolName.slice(slash + 1);
  }
  const filter: ToolFilter = { name, server: scope, offset: 0, limit: 1 };
  let { rows } = await listTools(deps.db, userId, filter);
  // A tool whose own name contains a slash (allowed by MCP) is found by its full name.
  if (rows.length === 0 && slash > 0 && !server) ({ rows } = await listTools(deps.db, userId, { name: toolName, offset: 0, limit: 1 }));
  const tool = rows[0];
  if (!tool) throw notFound('NOT_FOUND', scope ? `No tool ${name} on server ${scope}` : `No tool named ${toolName}`);
  // Whether this caller can run it now, judged as retrieval judges it (one rule, availability.ts).
  const availability = await availabilityOf(deps.db, { userId, origin }, tool.serverName, tool.name);
  return { ...toolDetail(tool), availability };
}

/** GET /tools/registry: the public catalog's tools, briefly. */
export async function toolRegistry(deps: AppDeps, query: CatalogQuery) {
  const { rows, total } = await listTools(deps.db, null, query);
  return { tools: rows.map((t) => ({ name: t.name, server: shownServerName(t.serverName), ...categoryAndTags(t) })), total };
}

function categoryAndTags(tool: Parameters<typeof toolItem>[0]) {
  const item = toolItem(tool);
  return { category: item.category, tags: item.tags };
}
