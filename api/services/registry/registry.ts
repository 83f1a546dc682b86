import type { LaunchConfig } from '../../../mcp/index.ts';
import { recordAudit } from '../trust/record.ts';
import type { AuditContext } from '../trust/record.ts';
import { deletePublicServer, findVisibleServer, listRegistry, updatePublicServer } from '../../../db/registry/servers.ts';
import type { RegistryFilter } from '../../../db/registry/servers.ts';
import { toolsOfServers } from '../../../db/registry/tools.ts';
import { mcpServers } from '../../../db/schema/index.ts';
import type { ServerCategory } from '../../../db/schema/index.ts';
import type { AppDeps } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import { isUniqueViolation } from './db-errors.ts';
import { registryDetail, registryEntry } from './shapes.ts';
import { refreshServersWithin, runReindex } from './sync.ts';

/**
 * How long an admin create or edit with a launch config waits for the server's tools before
 * answering with the entry as stored: the sync trigger's bound (user-sync.ts). An unreachable
 * launch held the request for the 20 s connect time-out (decisions.md, issue 10 item 5).
 */
export const LAUNCH_REFRESH_WAIT_MS = 2_000;

export async function listRegistryEntries(deps: AppDeps, filter: RegistryFilter) {
  const { rows, total } = await listRegistry(deps.db, filter);
  return { servers: rows.map(registryEntry), total, limit: filter.limit, offset: filter.offset };
}

export async function getRegistryEntry(deps: AppDeps, name: string) {
  const server = await findVisibleServer(deps.db, name, null);
  if (!server) throw notFound('NOT_FOUND', `No registry entry named ${name}`);
  return registryDetail(server, await toolsOfServers(deps.db, [name]));
}

export interface AdminEntryInput {
  name: string;
  display_name: string;
  description: string;
  url: string;
  icon: string;
  category: ServerCategory;
  tools_count: number;
  version: string;
  tags: string[];
  authentication?: Record<string, unknown>;
  rate_limit?: { requests_per_hour: number };
  supported_platforms: string[];
  launch?: LaunchConfig;
}

function columns(input: Partial<AdminEntryInput>) {
  const set: Partial<typeof mcpServers.$inferInsert> = {};
  if (input.display_name !== undefined) set.displayName = input.display_name;
  if (input.description !== undefined) set.description = input.description;
  if (input.url !== undefined) set.url = input.url;
  if (input.icon !== undefined) set.icon = input.icon;
  if (input.category !== undefined) set.category = input.category;
  if (input.tools_count !== undefined) set.declaredToolsCount = input.tools_count;
  if (input.version !== undefined) set.version = input.version;
  if (input.tags !== undefined) set.tags = input.tags;
  if (input.authentication !== undefined) set.authentication = input.authentication;
  if (input.rate_limit !== undefined) set.rateLimit = input.rate_limit;
  if (input.supported_platforms !== undefined) set.supportedPlatforms = input.supported_platforms;
  if (input.launch !== undefined) set.launch = input.launch;
  return set;
}

/** Admin entry: 409 on a taken name; with a launch config its tools are listed within the wait. */
export async function createRegistryEntry(deps: AppDeps, input: AdminEntryInput, audit: AuditContext) {
  try {
    await deps.db.insert(mcpServers).values({ name: input.name, source: 'admin', displayName: input.display_name, ...columns(input) });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', `A server named ${input.name} already exists`, { name: input.name });
    throw error;
  }
  // Field names only: a launch config may carry header and env secrets.
  await recordAudit(deps, audit, { action: 'registry.create', target: input.name, details: { fields: Object.keys(input).sort() } });
  if (input.launch) await refreshServersWithin(deps.temporal, [input.name], LAUNCH_REFRESH_WAIT_MS);
  return getRegistryEntry(deps, input.name);
}

/** An admin edit takes a synced entry out of the sync (source admin), so the next sync keeps it. */
export async function updateRegistryEntry(deps: AppDeps, name: string, input: Partial<AdminEntryInput>, audit: AuditContext) {
  if (!(await updatePublicServer(deps.db, name, { ...columns(input), source: 'admin' }))) throw notFound('NOT_FOUND', `No registry entry named ${name}`);
  await recordAudit(deps, audit, { action: 'registry.update', target: name, details: { fields: Object.keys(input).sort() } });
  // A refresh re-indexes what it changed; otherwise the edited fields (category, tags) need it.
  if (input.launch) await refreshServersWithin(deps.temporal, [name], LAUNCH_REFRESH_WAIT_MS);
  else await runReindex(deps.temporal, [name], false);
  return getRegistryEntry(deps, name);
}

export async function deleteRegistryEntry(deps: AppDeps, name: string, audit: AuditContext) {
  if (!(await deletePublicServer(deps.db, name))) throw notFound('NOT_FOUND', `No registry entry named ${name}`);
  await recordAudit(deps, audit, { action: 'registry.delete', target: name });
  await runReindex(deps.temporal, [name], true);
  return { name, status: 'deleted' as const, message: `Registry entry ${name} and its tools were removed` };
}
