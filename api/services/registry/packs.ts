import type { Database } from '../../../db/client.ts';
import { shownServerName } from '../../../db/registry/server-keys.ts';
import { findPack, listCuratedPacks, serversOfPacks } from '../../../db/registry/packs.ts';
import type { ServerWithCount } from '../../../db/registry/servers.ts';
import { toolsOfServers } from '../../../db/registry/tools.ts';
import { enablePackRow, enabledPackIds, setServerEnabled } from '../../../db/registry/user-state.ts';
import type { PackRow, User } from '../../../db/schema/index.ts';
import type { PublishInput } from '../../../platform/event-publisher.ts';
import type { AppDeps } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { unix } from './shapes.ts';

type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

const totalTools = (servers: ServerWithCount[]) => servers.reduce((n, s) => n + s.toolsCount, 0);

function packSummary(pack: PackRow, servers: ServerWithCount[], enabled: boolean | undefined) {
  return {
    id: pack.id,
    name: pack.name,
    description: pack.description,
    kind: pack.ownerUserId ? ('custom' as const) : ('curated' as const),
    servers: servers.map((s) => shownServerName(s.name)),
    servers_count: servers.length,
    total_tools: totalTools(servers),
    ...(enabled === undefined ? {} : { enabled }),
    created_at: unix(pack.createdAt),
    updated_at: unix(pack.updatedAt),
  };
}

/** GET /packs: the curated packs; `enabled` is given when the caller is a user. */
export async function listPacks(deps: AppDeps, user: User | null) {
  const packs = await listCuratedPacks(deps.db);
  const [servers, enabled] = await Promise.all([
    serversOfPacks(deps.db, packs.map((p) => p.id)),
    user ? enabledPackIds(deps.db, user.id) : Promise.resolve(null),
  ]);
  const items = packs.map((p) => packSummary(p, servers.get(p.id) ?? [], enabled ? enabled.has(p.id) : undefined));
  return { packs: items, total: items.length };
}

async function packOr404(db: Executor, packId: string, user: User | null): Promise<PackRow> {
  const pack = await findPack(db, packId, user?.id ?? null);
  if (!pack) throw notFound('NOT_FOUND', `No pack with id ${packId}`);
  return pack;
}

/** GET /packs/{id}: a curated pack, or the caller's own custom pack. */
export async function getPack(deps: AppDeps, packId: string, user: User | null) {
  const pack = await packOr404(deps.db, packId, user);
  const servers = (await serversOfPacks(deps.db, [pack.id])).get(pack.id) ?? [];
  const enabled = user ? (await enabledPackIds(deps.db, user.id)).has(pack.id) : undefined;
  return packSummary(pack, servers, enabled);
}

/** GET /packs/{id}/servers: the pack's servers with their tools. */
export async function getPackServers(deps: AppDeps, packId: string, user: User | null) {
  const pack = await packOr404(deps.db, packId, user);
  const servers = (await serversOfPacks(deps.db, [pack.id])).get(pack.id) ?? [];
  const tools = await toolsOfServers(deps.db, servers.map((s) => s.name));
  const items = servers.map((s) => ({
    name: shownServerName(s.name),
    display_name: s.displayName,
    description: s.description,
    category: s.category,
    icon: s.icon,
    tools_count: s.toolsCount,
    tools: tools.filter((t) => t.serverName === s.name).map((t) => ({ name: t.name, description: t.description })),
  }));
  return { pack_id: pack.id, servers: items, total: items.length };
}

/**
 * Enables the pack and every server in it for the user, inside the caller's transaction.
 * Returns the pack.enabled event when the pack was not enabled before (published after commit).
 */
export async function enablePackInTx(tx: Executor, user: User, packId: string): Promise<PublishInput | null> {
  const pack = await packOr404(tx, packId, user);
  const servers = (await serversOfPacks(tx, [pack.id])).get(pack.id) ?? [];
  for (const server of servers) await setServerEnabled(tx, user.id, server.name, true);
  const newly = await enablePackRow(tx, user.id, pack.id);
  if (!newly) return null;
  return {
    kind: 'pack.enabled',
    userId: user.id,
    data: { pack_id: pack.id, name: pack.name, servers: servers.map((s) => shownServerName(s.name)), total_tools: totalTools(servers) },
  };
}

/** POST /packs/enable: pack.enabled is emitted on the transition to enabled only. */
export async function enablePack(deps: AppDeps, user: User, packId: string) {
  const event = await deps.db.transaction((tx) => enablePackInTx(tx, user, packId));
  if (event) await deps.events.publish(event);
  const pack = await getPack(deps, packId, user);
  return {
    pack_id: pack.id,
    name: pack.name,
    status: 'enabled' as const,
    servers: pack.servers,
    servers_enabled: pack.servers_count,
    total_tools: pack.total_tools,
    newly_enabled: event !== null,
  };
}
