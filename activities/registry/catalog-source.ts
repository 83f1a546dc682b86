import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogEntrySchema } from '../../catalog/schema.ts';
import type { CatalogEntry } from '../../catalog/schema.ts';
import type { SyncedEntry } from '../../db/registry/sync.ts';

const BUNDLED_CATALOG = fileURLToPath(new URL('../../catalog/servers.json', import.meta.url));

/**
 * The catalog file to sync: `<DATA_DIR>/catalog/servers.json` when an operator put one there
 * (their own curated catalog, same schema), otherwise the bundled one.
 */
export function catalogFile(dataDir: string): string {
  const override = join(dataDir, 'catalog', 'servers.json');
  return existsSync(override) ? override : BUNDLED_CATALOG;
}

/**
 * The bundled catalog (catalog/servers.json, written by `npm run catalog:harvest`) as registry
 * entries. A missing file is an empty catalog, not an error: the reference servers still sync.
 */
export function loadBundledCatalog(file: string): { entries: SyncedEntry[]; invalid: string[] } {
  if (!existsSync(file)) return { entries: [], invalid: [] };
  const raw = JSON.parse(readFileSync(file, 'utf8')) as { servers?: unknown };
  const entries: SyncedEntry[] = [];
  const invalid: string[] = [];
  // Entry by entry: one bad entry is reported and skipped, not allowed to stop the whole sync.
  for (const item of Array.isArray(raw.servers) ? raw.servers : []) {
    const parsed = catalogEntrySchema.safeParse(item);
    if (parsed.success) entries.push(toSyncedEntry(parsed.data));
    else invalid.push(String((item as { name?: unknown } | null)?.name ?? '?'));
  }
  return { entries, invalid };
}

function toSyncedEntry(entry: CatalogEntry): SyncedEntry {
  return {
    name: entry.name,
    displayName: entry.display_name,
    description: entry.description,
    version: entry.version,
    url: entry.url,
    icon: entry.icon,
    category: entry.category,
    tags: entry.tags,
    // Kept for display and install instructions; we never run catalog packages (see domain/launch.ts).
    launch: { ...entry.launch, type: 'catalog', transport: entry.launch.type },
    authentication: entry.authentication,
    rateLimit: entry.rate_limit,
    supportedPlatforms: entry.supported_platforms,
    source: 'catalog',
    toolsSource: entry.tools_source,
    tools: entry.tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema })),
  };
}
