import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pino from 'pino';
import { createRegistryActivities } from '../../activities/registry/index.ts';
import { openDatabase } from '../../db/client.ts';
import { registryDocuments } from '../../db/retrieval/tool-documents.ts';
import { readVectorFile } from '../../search/embedding/vector-file.ts';
import { CATALOG_VECTOR_FILE, localModelFingerprint } from '../../search/embedding/model-files.ts';
import type { EmbeddingProvider } from '../../search/embedding/types.ts';
import { textKey } from '../../search/embedding/vector-store.ts';
import type { ToolDocument } from '../../search/types.ts';

/**
 * The bundled catalog's tools exactly as the service indexes them (issue 21: quality "with the
 * bundled catalog in the index"): catalog/servers.json synced into a throw-away PGlite by the
 * registry activity and read back by registryDocuments, as scripts/catalog-vectors.ts does.
 * Cached in `cacheFile` per catalog file hash, so only the first run pays the sync (~10 s).
 */
export async function catalogDocuments(root: string, cacheFile: string): Promise<ToolDocument[]> {
  const hash = createHash('sha256').update(readFileSync(join(root, 'catalog', 'servers.json'))).digest('hex').slice(0, 16);
  if (existsSync(cacheFile)) {
    const cached = JSON.parse(readFileSync(cacheFile, 'utf8')) as { hash: string; docs: ToolDocument[] };
    if (cached.hash === hash) return cached.docs;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'sb-bench-catalog-'));
  try {
    const database = openDatabase({ dataDir });
    await database.migrate();
    // No index: a fresh database has nothing indexed, so a held tool has nothing to leave (unindexHeldTools reads the ledger first).
    const registry = createRegistryActivities({ db: database.db, logger: pino({ level: 'warn' }), mcp: undefined as never, instances: undefined as never, search: undefined as never, dataDir });
    await registry.syncBundledRegistry();
    const docs = (await registryDocuments(database.db)) as ToolDocument[];
    await database.close();
    mkdirSync(dirname(cacheFile), { recursive: true });
    writeFileSync(cacheFile, JSON.stringify({ hash, docs }));
    return docs;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * A provider that takes document vectors from the catalog's precomputed file (.cache/vectors/,
 * written at install) when it holds the text, and asks `provider` for the rest: the bench then
 * embeds none of the 8,239 catalog tools whose text is unchanged.
 */
export function withCatalogVectors<P extends EmbeddingProvider>(provider: P): P {
  const model = localModelFingerprint();
  const vectors = model ? readVectorFile(CATALOG_VECTOR_FILE, { embedderId: provider.id, model, dimensions: provider.dimensions }) : undefined;
  if (!vectors) return provider;
  const embed = provider.embed.bind(provider);
  return Object.assign(Object.create(provider) as P, {
    async embed(texts: string[]) {
      const missing = texts.filter((t) => !vectors.has(textKey(t)));
      const computed = missing.length ? await embed(missing) : [];
      const byText = new Map(missing.map((t, i) => [t, computed[i]]));
      return texts.map((t) => vectors.get(textKey(t)) ?? byText.get(t)!);
    },
  });
}
