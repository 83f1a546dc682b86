import { randomUUID } from 'node:crypto';
import type { Database } from '../../../db/client.ts';
import {
  addPackServer,
  countOwnPacks,
  countPackServers,
  deleteOwnPack,
  findOwnPack,
  lockUserRow,
  listOwnPacks,
  removePackServer,
  replacePackServers,
  serversOfPacks,
  touchPack,
  updateOwnPack,
} from '../../../db/registry/packs.ts';
import { shownServerName } from '../../../db/registry/server-keys.ts';
import { findVisibleServersByRef, resolveServerKey } from '../../../db/registry/servers.ts';
import type { ServerWithCount } from '../../../db/registry/servers.ts';
import { toolsOfServers } from '../../../db/registry/tools.ts';
import { enabledPackIds } from '../../../db/registry/user-state.ts';
import { packs } from '../../../db/schema/index.ts';
import type { User } from '../../../db/schema/index.ts';
import type { AppDeps } from '../../context.ts';
import { AppError, invalidRequest, notFound } from '../../errors.ts';
import { isUniqueViolation } from './db-errors.ts';
import { assertWithinPlan } from './plan-allowances.ts';
import { unix } from './shapes.ts';

type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

const brief = (s: ServerWithCount) => ({ id: s.id, name: shownServerName(s.name), display_name: s.displayName, tools_count: s.toolsCount });
const totalTools = (servers: ServerWithCount[]) => servers.reduce((n, s) => n + s.toolsCount, 0);

/** Server references (names or ids) resolved in order; unknown or repeated ones are refused. */
async function resolveServers(db: Executor, user: User, refs: string[]): Promise<ServerWithCount[]> {
  const resolved = await findVisibleServersByRef(db as Database, refs, user.id);
  const missing = refs.filter((_, i) => !resolved[i]);
  if (missing.length) throw new AppError('SERVER_NOT_FOUND', `Unknown MCP servers: ${missing.join(', ')}`, { servers: missing });
  const servers = resolved as ServerWithCount[];
  const names = servers.map((s) => s.name);
  const repeated = names.filter((n, i) => names.indexOf(n) !== i);
  if (repeated.length) throw invalidRequest(`Servers listed more than once: ${[...new Set(repeated)].join(', ')}`, 'servers', 'duplicate');
  return servers;
}

async function ownPackOr404(db: Executor, user: User, packId: string) {
  const pack = await findOwnPack(db, packId, user.id);
  if (!pack) throw notFound('NOT_FOUND', `No custom pack with id ${packId}`);
  return pack;
}

const conflictOnName = (name: string) => (error: unknown): never => {
  if (isUniqueViolation(error)) throw new AppError('CONFLICT', `You already have a pack named ${name}`, { name });
  throw error;
};

export async function createCustomPack(deps: AppDeps, user: User, input: { name: string; description: string; servers: string[] }) {
  return deps.db
    .transaction(async (tx) => {
      await lockUserRow(tx, user.id);
      const existing = await countOwnPacks(tx, user.id);
      assertWithinPlan(user.plan, 'maxPacks', existing, existing + 1);
      assertWithinPlan(user.plan, 'maxServersPerPack', input.servers.length, input.servers.length);
      const servers = await resolveServers(tx, user, input.servers);
      const [pack] = await tx.insert(packs).values({ id: randomUUID(), name: input.name, description: input.description, ownerUserId: user.id }).returning();
      await replacePackServers(tx, pack.id, servers.map((s) => s.name));
      return {
        id: pack.id,
        name: pack.name,
        description: pack.description,
        servers: servers.map(brief),
        total_servers: servers.length,
        total_tools: totalTools(servers),
        enabled: false,
        created_at: unix(pack.createdAt),
        updated_at: unix(pack.updatedAt),
      };
    })
    .catch(conflictOnName(input.name));
}

export async function listCustomPacks(deps: AppDeps, user: User, page: { limit: number; offset: number }) {
  const [rows, total, enabled] = await Promise.all([listOwnPacks(deps.db, user.id, page), countOwnPacks(deps.db, user.id), enabledPackIds(deps.db, user.id)]);
  const servers = await serversOfPacks(deps.db, rows.map((p) => p.id));
  return {
    packs: rows.map((p) => {
      const list = servers.get(p.id) ?? [];
      return {
        id: p.id,
        name: p.name,
        description: p.description,
        servers_count: list.length,
        total_tools: totalTools(list),
        enabled: enabled.has(p.id),
        created_at: unix(p.createdAt),
        updated_at: unix(p.updatedAt),
      };
    }),
    pagination: { limit: page.limit, offset: page.offset, total },
  };
}

export async function getCustomPack(deps: AppDeps, user: User, packId: string) {
  const pack = await ownPackOr404(deps.db, user, packId);
  const servers = (await serversOfPacks(deps.db, [pack.id])).get(pack.id) ?? [];
  const tools = await toolsOfServers(deps.db, servers.map((s) => s.name));
  return {
    id: pack.id,
    name: pack.name,
    description: pack.description,
    servers: servers.map((s) => ({
      ...brief(s),
      description: s.description,
      tools: tools.filter((t) => t.serverName === s.name).map((t) => ({ name: t.name, description: t.description })),
    })),
    total_servers: servers.length,
    total_tools: totalTools(servers),
    enabled: (await enabledPackIds(deps.db, user.id)).has(pack.id),
    created_at: unix(pack.createdAt),
    updated_at: unix(pack.updatedAt),
  };
}

export async function updateCustomPack(deps: AppDeps, user: User, packId: string, input: { name?: string; description?: string }) {
  await ownPackOr404(deps.db, user, packId);
  const pack = await updateOwnPack(deps.db, packId, user.id, input).catch(conflictOnName(input.name ?? ''));
  return { id: pack.id, name: pack.name, description: pack.description, updated_at: unix(pack.updatedAt) };
}

export async function deleteCustomPack(deps: AppDeps, user: User, packId: string) {
  const pack = await ownPackOr404(deps.db, user, packId);
  await deleteOwnPack(deps.db, pack.id, user.id);
  return { id: pack.id, status: 'deleted' as const, message: `Pack ${pack.name} was deleted` };
}

const touch = touchPack;

export async function addServerToPack(deps: AppDeps, user: User, packId: string, ref: string) {
  return deps.db.transaction(async (tx) => {
    await lockUserRow(tx, user.id);
    const pack = await ownPackOr404(tx, user, packId);
    const [server] = await resolveServers(tx, user, [ref]);
    const current = await countPackServers(tx, pack.id);
    assertWithinPlan(user.plan, 'maxServersPerPack', current, current + 1);
    const shown = shownServerName(server.name);
    if (!(await addPackServer(tx, pack.id, server.name))) throw new AppError('CONFLICT', `Server ${shown} is already in this pack`, { server: shown });
    await touch(tx, pack.id);
    return { pack_id: pack.id, server: shown, status: 'added' as const, total_servers: current + 1 };
  });
}

export async function removeServerFromPack(deps: AppDeps, user: User, packId: string, serverName: string) {
  return deps.db.transaction(async (tx) => {
    const pack = await ownPackOr404(tx, user, packId);
    const key = await resolveServerKey(tx as Database, serverName, user.id);
    if (!(await removePackServer(tx, pack.id, key))) throw notFound('SERVER_NOT_FOUND', `Server ${serverName} is not in this pack`);
    await touch(tx, pack.id);
    return { pack_id: pack.id, server: serverName, status: 'removed' as const, total_servers: await countPackServers(tx, pack.id) };
  });
}

export async function replaceServersOfPack(deps: AppDeps, user: User, packId: string, refs: string[]) {
  return deps.db.transaction(async (tx) => {
    const pack = await ownPackOr404(tx, user, packId);
    assertWithinPlan(user.plan, 'maxServersPerPack', refs.length, refs.length);
    const servers = await resolveServers(tx, user, refs);
    await replacePackServers(tx, pack.id, servers.map((s) => s.name));
    await touch(tx, pack.id);
    return { pack_id: pack.id, servers: servers.map((s) => shownServerName(s.name)), total_servers: servers.length };
  });
}

/**
 * What the install instructions are about: the caller's own pack and its servers' names. The
 * MCP face renders the client configuration (api/mcp-face/packs/install.ts).
 */
export async function installablePack(deps: AppDeps, user: User, packId: string) {
  const pack = await ownPackOr404(deps.db, user, packId);
  const servers = (await serversOfPacks(deps.db, [pack.id])).get(pack.id) ?? [];
  return { id: pack.id, name: pack.name, servers: servers.map((s) => shownServerName(s.name)) };
}
