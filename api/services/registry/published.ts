import type { AppDeps } from '../../context.ts';
import { invalidRequest, notFound } from '../../errors.ts';
import { findPublished, listPublished, toolsWithQuality } from '../../../db/registry/published.ts';
import type { PublishedRow } from '../../../db/registry/published.ts';
import { servedEntryOf } from './server-json-out.ts';

/*
 * GET /v0.1/servers and its per-version routes (issue 38, item 3): our registry as the official
 * MCP Registry API serves its own, so a client or another gateway can use us as its registry.
 * Each entry has one version here (the one we run), so `version=latest` is every entry.
 */

export interface PublishedCaller {
  deps: AppDeps;
}

type Served = ReturnType<typeof servedEntryOf>;

/** The cursor is the published name a page ended at, opaque to the client (base64url of JSON). */
const cursorOf = (name: string) => Buffer.from(JSON.stringify({ after: name }), 'utf8').toString('base64url');

function afterOf(cursor: string): string {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { after?: unknown };
    if (typeof parsed?.after === 'string' && parsed.after.length <= 200) return parsed.after;
  } catch {
    // Not one of ours: answered below.
  }
  throw invalidRequest('cursor is not one this registry gave', 'cursor', 'invalid');
}

async function served(deps: AppDeps, rows: PublishedRow[]): Promise<Served[]> {
  const { tools, quality } = await toolsWithQuality(deps.db, rows.map((r) => r.name));
  const byServer = new Map<string, typeof tools>();
  for (const t of tools) byServer.set(t.serverName, [...(byServer.get(t.serverName) ?? []), t]);
  return rows.map((row) => servedEntryOf(row, byServer.get(row.name) ?? [], quality));
}

export interface ListPublishedArgs {
  cursor?: string;
  limit: number;
  search?: string;
  updated_since?: string;
  version?: string;
}

/** One page of the public registry, in the official list form. */
export async function listPublishedServers(caller: PublishedCaller, args: ListPublishedArgs): Promise<{ servers: Served[]; metadata: { nextCursor?: string; count: number } }> {
  const after = args.cursor ? afterOf(args.cursor) : undefined;
  // One more than asked: whether a next page exists without a count of everything.
  const rows = await listPublished(caller.deps.db, {
    search: args.search,
    updatedSince: args.updated_since ? new Date(args.updated_since) : undefined,
    version: args.version,
    after,
    limit: args.limit + 1,
  });
  const page = rows.slice(0, args.limit);
  const servers = await served(caller.deps, page);
  const last = page.at(-1);
  return { servers, metadata: { ...(rows.length > args.limit && last ? { nextCursor: cursorOf(last.publishedName) } : {}), count: servers.length } };
}

async function found(caller: PublishedCaller, serverName: string): Promise<PublishedRow> {
  const row = await findPublished(caller.deps.db, serverName);
  if (!row) throw notFound('SERVER_NOT_FOUND', 'Server not found');
  return row;
}

/** Every version of one server: here, the one we hold. */
export async function listPublishedVersions(caller: PublishedCaller, args: { serverName: string }): Promise<{ servers: Served[]; metadata: { count: number } }> {
  const servers = await served(caller.deps, [await found(caller, args.serverName)]);
  return { servers, metadata: { count: servers.length } };
}

/** One version of one server; `latest` is the one we hold. */
export async function getPublishedVersion(caller: PublishedCaller, args: { serverName: string; version: string }): Promise<Served> {
  const row = await found(caller, args.serverName);
  if (args.version !== 'latest' && args.version !== row.version) throw notFound('NOT_FOUND', 'Server version not found');
  return (await served(caller.deps, [row]))[0]!;
}
