// Computes the document vectors of the bundled catalog once per model and catalog version
// into .cache/vectors/ (search/embedding/vector-file.ts), so a first start on a fresh data
// folder does not embed ~8,000 tools again. Run by scripts/fetch-model.mjs (the postinstall)
// right after the model; `node --import tsx scripts/catalog-vectors.ts [model]` runs it by hand
// (a model name other than the default: its folder under .cache/models/, e.g. to compare models
// with the catalog in the index before one becomes the default).
//
// The documents are made exactly as the service makes them: the catalog is synced into a
// throw-away PGlite by the registry activity and read back by registryDocuments, so the
// embedded texts (and their keys) are byte for byte those of a running service (jsonb, for
// one, reorders schema properties). Idempotent: when the file's header names this model and
// this catalog it exits at once. Exit code 0 also when it cannot run: the service then embeds
// at first start, as before (the message says so).
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readVectorFile, readVectorFileHeader } from '../search/embedding/vector-file.ts';
import { catalogVectorFileOf, DEFAULT_LOCAL_MODEL, localModelFingerprint, modelDirOf } from '../search/embedding/model-files.ts';

const root = join(import.meta.dirname, '..');
const MODEL = process.argv[2] ?? DEFAULT_LOCAL_MODEL;
const MODEL_DIR = modelDirOf(MODEL);
const CATALOG_VECTOR_FILE = catalogVectorFileOf(MODEL);
const EMBEDDER_ID = `local:${MODEL}`;
const say = (line: string) => process.stderr.write(`catalog-vectors: ${line}\n`);

/** What the vectors depend on besides the model: the catalog and how a tool becomes text. */
export function catalogFingerprint(): string {
  const hash = createHash('sha256');
  for (const file of ['catalog/servers.json', 'search/text/tool-text.ts', 'search/text/tokenize.ts']) hash.update(readFileSync(join(root, file)));
  return hash.digest('hex').slice(0, 16);
}

async function main(): Promise<void> {
  if (process.env.SWITCHBOARD_SKIP_MODEL_FETCH === '1' || process.env.SWITCHBOARD_SKIP_CATALOG_VECTORS === '1') return;
  const model = localModelFingerprint(MODEL_DIR);
  if (!model) {
    say(`no model in ${MODEL_DIR}: skipped (the service embeds the catalog at first start)`);
    return;
  }
  const catalog = catalogFingerprint();
  const header = readVectorFileHeader(CATALOG_VECTOR_FILE);
  if (header && header.model === model && header.catalog === catalog && header.embedderId === EMBEDDER_ID) return;

  const started = performance.now();
  // Heavy modules only when there is work: the up-to-date case above stays well under a second.
  const [{ openDatabase }, { createRegistryActivities }, { registryDocuments }, { createLocalModel }, { embeddingText }, { textKey }, { writeVectorFile }, { default: pino }] =
    await Promise.all([
      import('../db/client.ts'),
      import('../activities/registry/index.ts'),
      import('../db/retrieval/tool-documents.ts'),
      import('../search/embedding/local-model.ts'),
      import('../search/text/tool-text.ts'),
      import('../search/embedding/vector-store.ts'),
      import('../search/embedding/vector-file.ts'),
      import('pino'),
    ]);
  const dataDir = mkdtempSync(join(tmpdir(), 'sb-catalog-vectors-'));
  try {
    const database = openDatabase({ dataDir });
    await database.migrate();
    const logger = pino({ level: 'warn' });
    // syncBundledRegistry reads the catalog and writes servers and tools; it never touches MCP.
    // No index: a fresh database has nothing indexed, so a held tool has nothing to leave (unindexHeldTools reads the ledger first).
    const registry = createRegistryActivities({ db: database.db, logger, mcp: undefined as never, instances: undefined as never, search: undefined as never, dataDir });
    await registry.syncBundledRegistry();
    const docs = await registryDocuments(database.db);
    await database.close();

    const all = [...new Map(docs.map((doc) => { const text = embeddingText(doc); return [textKey(text), text] as const; })).entries()];
    const embedder = await createLocalModel({ modelDir: MODEL_DIR, threads: 2 });
    if (embedder.id !== EMBEDDER_ID) throw new Error(`unexpected embedder ${embedder.id}`);
    // A catalog edit changes few tool texts (often none: a credential name, a version): the
    // previous file's vectors of this model are kept by text key, only new texts are embedded.
    const previous = readVectorFile(CATALOG_VECTOR_FILE, { embedderId: EMBEDDER_ID, model, dimensions: embedder.dimensions }) ?? new Map<string, Float32Array>();
    const entries: { key: string; vector: Float32Array }[] = all.flatMap(([key]) => {
      const vector = previous.get(key);
      return vector ? [{ key, vector }] : [];
    });
    const texts = all.filter(([key]) => !previous.has(key));
    say(`embedding ${texts.length} catalog tools (${entries.length} kept from the previous file) for this model and catalog; the service reuses them on every fresh data folder`);
    const step = 512;
    let shown = 0;
    for (let i = 0; i < texts.length; i += step) {
      const part = texts.slice(i, i + step);
      const vectors = await embedder.embed(part.map(([, text]) => text));
      part.forEach(([key], k) => entries.push({ key, vector: vectors[k] }));
      const done = i + part.length;
      const percent = Math.floor((done / texts.length) * 100);
      if (percent >= shown + 10 || done === texts.length) {
        shown = percent;
        say(`${percent}% (${done}/${texts.length})`);
      }
    }
    await embedder.close?.();
    writeVectorFile(CATALOG_VECTOR_FILE, { embedderId: EMBEDDER_ID, model, dimensions: embedder.dimensions, catalog }, entries);
    say(`wrote ${CATALOG_VECTOR_FILE} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  main().catch((error: unknown) => {
    say(`could not compute the catalog vectors (${error instanceof Error ? error.message : String(error)}); the service embeds the catalog at first start instead`);
  });
}
