import type { ExpectedCatalog } from '../../db/retrieval/readiness.ts';
import { toolHash } from '../../db/registry/tools.ts';
import { catalogFile, loadBundledCatalog } from './catalog-source.ts';
import { referenceEntries } from './reference-entries.ts';

/**
 * What `syncBundledRegistry` writes for the catalog file of `dataDir`, in the form the
 * readiness check compares with the database (db/retrieval/readiness.ts): the same file, the
 * same precedence (reference servers replace catalog entries of their name, a later entry of
 * a name replaces an earlier one) and the same tool hashes.
 */
export function expectedCatalog(dataDir: string): ExpectedCatalog {
  const { entries } = loadBundledCatalog(catalogFile(dataDir));
  const reference = referenceEntries().map((e) => e.name);
  const referenceNames = new Set(reference);
  const toolsOf = new Map<string, { name: string; hash: string }[]>();
  for (const entry of entries) {
    if (referenceNames.has(entry.name)) continue;
    const unique = [...new Map((entry.tools ?? []).map((t) => [t.name, t])).values()];
    toolsOf.set(entry.name, unique.map((t) => ({ name: t.name, hash: toolHash(t) })));
  }
  let toolCount = 0;
  for (const list of toolsOf.values()) toolCount += list.length;
  return { servers: toolsOf, reference, toolCount };
}
