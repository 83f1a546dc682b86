import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SyncedEntry } from '../../db/registry/sync.ts';
import { targetUrlProblem } from '../../domain/target-policy.ts';
import { entryOfServerJson } from './server-json.ts';
import { VersionChooser } from './upstream-versions.ts';

const OFFICIAL = 'io.modelcontextprotocol.registry/official';
const MAX_PAGES = 100;
/** Bounds on what a third party's registry can make us read. */
const MAX_PAGE_BYTES = 16 * 1024 * 1024;
const MAX_DOCUMENT_BYTES = 1024 * 1024;
const MAX_DOCUMENTS = 10_000;
/** Reasons kept in a sync's result (the count covers the rest). */
const MAX_REASONS = 100;
/** Pinned versions asked of their own route in one sync: each is a request to a third party. */
const MAX_PINNED_FETCHES = 200;

export interface Skipped {
  name: string;
  reason: string;
}

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

type OfficialMeta = Record<string, { status?: string; isLatest?: boolean }> | undefined;
const isDeleted = (meta: unknown) => (meta as OfficialMeta)?.[OFFICIAL]?.status === 'deleted';
/** The source's own latest mark; undefined when it gives none (a folder of documents). */
const latestMark = (meta: unknown) => {
  const mark = (meta as OfficialMeta)?.[OFFICIAL]?.isLatest;
  return typeof mark === 'boolean' ? mark : undefined;
};

/** JSON from a third party: a nesting deep enough to exhaust the parser's stack is bad input, not a fault to retry. */
function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UpstreamError(`${what} is not JSON we can read (${error instanceof RangeError ? 'nested too deep' : (error as Error).message.slice(0, 200)})`, 422);
  }
}

/** The body of a page, read up to MAX_PAGE_BYTES: a registry answering without end is refused. */
async function readPage(response: Response, what: string): Promise<unknown> {
  const reader = response.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = reader ? await reader.read() : { done: true as const, value: undefined };
    if (done || !value) break;
    size += value.byteLength;
    if (size > MAX_PAGE_BYTES) {
      await reader?.cancel();
      throw new UpstreamError(`${what} is larger than ${MAX_PAGE_BYTES} bytes`, 413);
    }
    chunks.push(value);
  }
  return parseJson(Buffer.concat(chunks).toString('utf8'), what);
}

/** A file of documents (a page, an array, one server.json) or a folder of them, for machines offline. */
function readLocalSource(path: string): { items: { server: unknown; meta: unknown }[]; skipped: Skipped[] } {
  const files = statSync(path).isDirectory()
    ? readdirSync(path).filter((f) => f.endsWith('.json')).sort().slice(0, MAX_DOCUMENTS).map((f) => join(path, f))
    : [path];
  const items: { server: unknown; meta: unknown }[] = [];
  const skipped: Skipped[] = [];
  for (const file of files) {
    const bytes = statSync(file).size;
    if (files.length > 1 && bytes > MAX_DOCUMENT_BYTES) {
      skipped.push({ name: file, reason: `larger than ${MAX_DOCUMENT_BYTES} bytes` });
      continue;
    }
    if (bytes > MAX_PAGE_BYTES) throw new UpstreamError(`${file} is larger than ${MAX_PAGE_BYTES} bytes`, 413);
    try {
      items.push(...itemsOf(parseJson(readFileSync(file, 'utf8'), file)).items);
    } catch (error) {
      if (files.length === 1) throw error;
      skipped.push({ name: file, reason: (error as Error).message });
    }
  }
  return { items, skipped };
}

/**
 * Reads every page of an upstream registry (the official API, `/v0.1/servers` with cursors) or
 * a `file:` URL of server.json documents, keeping one version per server: the pinned one
 * (`pins`, entry name to version) or the latest (upstream-versions.ts). Throws on HTTP or JSON
 * failure (the activity retries what may heal); a document we cannot use is skipped with its
 * reason, and so is a pin to a version the source does not offer (the entry keeps what it had).
 */
export async function fetchUpstreamEntries(
  url: string,
  timeoutMs: number,
  pins: ReadonlyMap<string, string> = new Map(),
): Promise<{ entries: SyncedEntry[]; skipped: Skipped[]; skippedCount: number }> {
  const chooser = new VersionChooser(pins);
  const skipped: Skipped[] = [];
  let skippedCount = 0;
  let read = 0;
  const why = new Map<string, string>();
  const skip = (reason: Skipped) => {
    skippedCount++;
    if (skipped.length < MAX_REASONS) skipped.push(reason);
  };
  const take = (items: { server: unknown; meta: unknown }[]) => {
    for (const item of items) {
      if (read++ >= MAX_DOCUMENTS) return skip({ name: '(the rest)', reason: `more than ${MAX_DOCUMENTS} documents` });
      if (isDeleted(item.meta)) continue;
      const outcome = entryOfServerJson(item.server);
      if ('entry' in outcome) chooser.offer(outcome.entry, String((item.server as { name: string }).name), latestMark(item.meta));
      else skip(outcome);
    }
  };
  if (url.startsWith('file:')) {
    const local = readLocalSource(fileURLToPath(url));
    local.skipped.forEach(skip);
    take(local.items);
  } else {
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const target = new URL(url);
      if (cursor) target.searchParams.set('cursor', cursor);
      const { items, next } = itemsOf(await getJson(target, timeoutMs, `the upstream registry's page ${page + 1}`));
      take(items);
      if (!next || next === cursor) break;
      cursor = next;
    }
    // A listing of latest versions only (`version=latest`) leaves out a pinned older one: ask its own route.
    for (const pin of chooser.missingPins().slice(0, MAX_PINNED_FETCHES)) {
      const fetched = await pinnedVersionOf(url, pin, timeoutMs);
      if ('entry' in fetched && fetched.entry.name === pin.name && fetched.entry.version === pin.version) chooser.add(fetched.entry);
      else if ('reason' in fetched) why.set(pin.name, fetched.reason.slice(0, 200));
    }
  }
  for (const pin of chooser.missingPins()) {
    const detail = why.has(pin.name) ? ` (${why.get(pin.name)})` : '';
    skip({ name: pin.name, reason: `pinned to version ${pin.version}, which the source does not offer${detail}: the entry keeps what it had` });
  }
  return { entries: chooser.entries(), skipped, skippedCount };
}

async function getJson(target: URL, timeoutMs: number, what: string): Promise<unknown> {
  const response = await fetch(target, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
  if (!response.ok) throw new UpstreamError(`upstream registry answered ${response.status} for ${target.origin}${target.pathname}`, response.status);
  return readPage(response, what);
}

/** `/v0.1/servers/{name}/versions/{version}` beside the list URL; a version it does not have (or a fault) is no entry. */
async function pinnedVersionOf(listUrl: string, pin: { upstreamName: string; version: string }, timeoutMs: number): Promise<ReturnType<typeof entryOfServerJson>> {
  const list = new URL(listUrl);
  const base = /^(.*\/servers)\/?$/.exec(list.pathname)?.[1];
  if (!base) return { name: pin.upstreamName, reason: 'the source has no per-version route' };
  const target = new URL(`${base}/${encodeURIComponent(pin.upstreamName)}/versions/${encodeURIComponent(pin.version)}`, list.origin);
  try {
    const { items } = itemsOf(await getJson(target, timeoutMs, `version ${pin.version} of ${pin.upstreamName}`));
    return items[0] && !isDeleted(items[0].meta) ? entryOfServerJson(items[0].server) : { name: pin.upstreamName, reason: 'deleted' };
  } catch (error) {
    return { name: pin.upstreamName, reason: (error as Error).message };
  }
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
