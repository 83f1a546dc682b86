import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { mcpServers } from '../schema/index.ts';
import type { ServerCategory } from '../schema/index.ts';
import { SYNCED_SOURCES } from './servers.ts';
import { replaceServerTools } from './tools.ts';
import type { ToolInput } from './tools.ts';

/** A registry entry as the sync writes it (bundled catalog, reference servers, upstream registry). */
export interface SyncedEntry {
  name: string;
  displayName: string;
  description: string;
  version: string;
  url: string;
  icon: string;
  category: ServerCategory;
  tags: string[];
  launch: Record<string, unknown>;
  authentication: Record<string, unknown> | null;
  rateLimit: { requests_per_hour: number } | null;
  supportedPlatforms: string[];
  source: (typeof SYNCED_SOURCES)[number];
  toolsSource: 'tools/list' | 'documentation';
  /** Tools to store; absent = keep the stored ones (they come from a live tools/list). */
  tools?: ToolInput[];
}

/**
 * Upserts entries in one transaction, idempotently. Rows created by an admin or a user are
 * left alone (the conflict update only applies to rows the sync owns). Returns the names
 * written, how many tools changed and on which servers.
 */
export async function upsertSyncedEntries(db: Database, entries: SyncedEntry[]): Promise<{ written: string[]; changedTools: number; changedServers: string[] }> {
  return db.transaction(async (tx) => {
    const written: string[] = [];
    let changedTools = 0;
    const now = new Date();
    for (let i = 0; i < entries.length; i += 100) {
      const batch = entries.slice(i, i + 100);
      const rows = await tx
        .insert(mcpServers)
        .values(
          batch.map((e) => ({
            name: e.name,
            displayName: e.displayName,
            description: e.description,
            version: e.version,
            url: e.url,
            icon: e.icon,
            category: e.category,
            tags: e.tags,
            launch: e.launch,
            authentication: e.authentication,
            rateLimit: e.rateLimit,
            supportedPlatforms: e.supportedPlatforms,
            source: e.source,
            toolsSource: e.toolsSource,
            updatedAt: now,
          })),
        )
        .onConflictDoUpdate({
          target: mcpServers.name,
          set: {
            displayName: sql`excluded.display_name`,
            description: sql`excluded.description`,
            version: sql`excluded.version`,
            url: sql`excluded.url`,
            icon: sql`excluded.icon`,
            category: sql`excluded.category`,
            tags: sql`excluded.tags`,
            launch: sql`excluded.launch`,
            authentication: sql`excluded.authentication`,
            rateLimit: sql`excluded.rate_limit`,
            supportedPlatforms: sql`excluded.supported_platforms`,
            source: sql`excluded.source`,
            // Catalog rows carry how their tools were obtained; other rows learn it when refreshed.
            toolsSource: sql`case when excluded.source = 'catalog' then excluded.tools_source else ${mcpServers.toolsSource} end`,
            updatedAt: now,
          },
          setWhere: inArray(mcpServers.source, [...SYNCED_SOURCES]),
        })
        .returning({ name: mcpServers.name });
      written.push(...rows.map((r) => r.name));
    }
    const writtenSet = new Set(written);
    const changedServers: string[] = [];
    for (const entry of entries) {
      if (!entry.tools || !writtenSet.has(entry.name)) continue;
      const changed = await replaceServerTools(tx, entry.name, entry.tools);
      if (changed > 0) changedServers.push(entry.name);
      changedTools += changed;
    }
    return { written, changedTools, changedServers };
  });
}
