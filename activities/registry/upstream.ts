import { z } from 'zod';
import { SERVER_CATEGORIES } from '../../db/schema/index.ts';
import type { ServerCategory } from '../../db/schema/index.ts';
import type { SyncedEntry } from '../../db/registry/sync.ts';
import { targetUrlProblem } from '../../domain/target-policy.ts';

// The official MCP Registry's server.json (schemas 2025-09-29 / 2025-12-11), read leniently:
// unknown fields are ignored and an entry we cannot use is skipped, not fatal.
const keyValue = z.object({ name: z.string(), isRequired: z.boolean().optional(), isSecret: z.boolean().optional() });
const serverJson = z.object({
  name: z.string().min(1),
  title: z.string().optional(),
  description: z.string().default(''),
  version: z.string().default('0.0.0'),
  websiteUrl: z.string().optional(),
  repository: z.object({ url: z.string().optional() }).optional(),
  icons: z.array(z.object({ src: z.string() })).optional(),
  remotes: z.array(z.object({ type: z.string(), url: z.string(), headers: z.array(keyValue).optional() })).optional(),
  packages: z
    .array(
      z.object({
        registryType: z.string().optional(),
        identifier: z.string().optional(),
        version: z.string().optional(),
        transport: z.object({ type: z.string() }).optional(),
        environmentVariables: z.array(keyValue).optional(),
      }),
    )
    .optional(),
  _meta: z.record(z.string(), z.unknown()).optional(),
});
type ServerJson = z.infer<typeof serverJson>;

const OFFICIAL = 'io.modelcontextprotocol.registry/official';
const PUBLISHER = 'io.modelcontextprotocol.registry/publisher-provided';
const MAX_PAGES = 100;

/** The documents an upstream URL may serve: a v0/v0.1 server list, an array, or one server.json. */
function itemsOf(body: unknown): { items: { server: unknown; meta: unknown }[]; next?: string } {
  const wrap = (item: unknown) =>
    item && typeof item === 'object' && 'server' in item
      ? { server: (item as { server: unknown }).server, meta: (item as { _meta?: unknown })._meta }
      : { server: item, meta: (item as { _meta?: unknown } | null)?._meta };
  if (Array.isArray(body)) return { items: body.map(wrap) };
  if (body && typeof body === 'object' && Array.isArray((body as { servers?: unknown }).servers)) {
    const metadata = (body as { metadata?: { nextCursor?: unknown; next_cursor?: unknown } }).metadata;
    const next = metadata?.nextCursor ?? metadata?.next_cursor;
    return { items: (body as { servers: unknown[] }).servers.map(wrap), next: typeof next === 'string' && next ? next : undefined };
  }
  return { items: [wrap(body)] };
}

/** Registry names are [a-z0-9-]; upstream names are reverse-DNS (io.github.acme/weather). */
export function upstreamSlug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+/, '').slice(0, 64).replace(/-+$/, '');
}

function toEntry(server: ServerJson): SyncedEntry | null {
  const name = upstreamSlug(server.name);
  if (!/^[a-z0-9][a-z0-9-]{1,63}$/.test(name)) return null;
  const publisher = (server._meta?.[PUBLISHER] ?? {}) as { category?: unknown; tags?: unknown };
  const category = SERVER_CATEGORIES.includes(publisher.category as ServerCategory) ? (publisher.category as ServerCategory) : 'custom';
  const remote = server.remotes?.find((r) => r.type === 'streamable-http') ?? server.remotes?.find((r) => r.type === 'sse');
  const secrets = [
    ...(remote?.headers ?? []).filter((h) => h.isRequired || h.isSecret),
    ...(server.packages?.[0]?.environmentVariables ?? []).filter((v) => v.isRequired && v.isSecret),
  ].map((v) => v.name);
  // A remote that needs a credential we do not have would only ever fail: record it, do not connect.
  const launch =
    remote && secrets.length === 0 && /^https?:\/\//.test(remote.url)
      ? { type: remote.type === 'sse' ? 'sse' : 'streamable-http', url: remote.url }
      : { type: 'catalog', remote: remote?.url, package: server.packages?.[0] ?? null };
  const tags = Array.isArray(publisher.tags) ? publisher.tags.filter((t): t is string => typeof t === 'string') : [];
  return {
    name,
    displayName: server.title ?? server.name.split('/').pop() ?? server.name,
    description: server.description.slice(0, 2000),
    version: server.version,
    url: server.websiteUrl ?? server.repository?.url ?? remote?.url ?? '',
    icon: server.icons?.[0]?.src ?? 'server',
    category,
    tags: [...new Set(['upstream', ...tags])],
    launch,
    authentication:
      secrets.length === 0
        ? { type: 'none', required: false }
        : secrets.length === 1
          ? { type: 'token', required: true, env_var: secrets[0] }
          : { type: 'credentials', required: true, env_vars: secrets },
    rateLimit: null,
    supportedPlatforms: remote ? ['linux', 'macos', 'windows'] : [],
    source: 'upstream',
    toolsSource: 'documentation',
  };
}

function isCurrent(meta: unknown): boolean {
  const official = (meta as Record<string, { status?: string; isLatest?: boolean }> | undefined)?.[OFFICIAL];
  return official?.status !== 'deleted' && official?.isLatest !== false;
}

/** Reads every page of an upstream registry; throws on HTTP or JSON failure (the activity retries). */
export async function fetchUpstreamEntries(url: string, timeoutMs: number): Promise<{ entries: SyncedEntry[]; skipped: number }> {
  const entries = new Map<string, SyncedEntry>();
  let skipped = 0;
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const target = new URL(url);
    if (cursor) target.searchParams.set('cursor', cursor);
    const response = await fetch(target, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
    if (!response.ok) throw new UpstreamError(`upstream registry answered ${response.status} for ${target.origin}${target.pathname}`, response.status);
    const { items, next } = itemsOf(await response.json());
    for (const item of items) {
      const parsed = serverJson.safeParse(item.server);
      const entry = parsed.success && isCurrent(item.meta) ? toEntry(parsed.data) : null;
      if (entry) entries.set(entry.name, entry);
      else skipped++;
    }
    if (!next || next === cursor) break;
    cursor = next;
  }
  return { entries: [...entries.values()], skipped };
}

/** The tag an upstream entry gets when its remote was refused by the target policy. */
export const REFUSED_TARGET_TAG = 'refused-target';

/**
 * An upstream registry is a third party: a remote it lists is checked by the same policy as a
 * user's custom server before we would ever connect to it. A refused one is kept as an entry
 * we do not connect to (launch `catalog`, with `refused` saying why) and tagged, so the
 * registry shows it and nothing dials it. The worker's connect-time guard stands behind this
 * (a record that turns private after the sync is refused when connecting).
 */
export async function refusePrivateRemotes(entries: SyncedEntry[], allowPrivate: boolean): Promise<{ entries: SyncedEntry[]; refused: string[] }> {
  const refused: string[] = [];
  const checked = await Promise.all(
    entries.map(async (entry) => {
      const url = entry.launch.url;
      if (typeof url !== 'string' || entry.launch.type === 'catalog') return entry;
      const problem = await targetUrlProblem(url, { allowPrivate });
      // A name that does not resolve now may later: that is the connect-time guard's to judge.
      if (!problem || problem.endsWith('does not resolve')) return entry;
      refused.push(entry.name);
      return { ...entry, launch: { type: 'catalog', remote: url, refused: problem }, tags: [...entry.tags, REFUSED_TARGET_TAG] };
    }),
  );
  return { entries: checked, refused };
}

export class UpstreamError extends Error {
  constructor(message: string, readonly status: number) {
    super(message);
    this.name = 'UpstreamError';
  }
}
