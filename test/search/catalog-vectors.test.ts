import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedBackend } from '../../search/backends/embedded.ts';
import { CATALOG_VECTOR_FILE, localModelFingerprint } from '../../search/embedding/model-files.ts';
import { readVectorFile, readVectorFileHeader, withVectorFile, writeVectorFile } from '../../search/embedding/vector-file.ts';
import type { DocumentVectorStore } from '../../search/embedding/vector-store.ts';
import { textKey } from '../../search/embedding/vector-store.ts';
import { RetrievalEngine } from '../../search/engine.ts';
import { sharedEmbedder } from '../../search/service/create-search-index.ts';
import { SearchIndex } from '../../search/service/search-index.ts';
import { embeddingText } from '../../search/text/tool-text.ts';
import type { EmbeddingProvider } from '../../search/embedding/types.ts';
import type { ToolDocument } from '../../search/types.ts';

// The bundled catalog's document vectors are computed once per model and catalog at install
// (scripts/catalog-vectors.ts) and read from .cache/vectors/ at every start.
const root = join(import.meta.dirname, '..', '..');
let model: EmbeddingProvider;
let folder: string;
beforeAll(async () => {
  model = await sharedEmbedder();
  folder = mkdtempSync(join(tmpdir(), 'sb-vector-file-'));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A store in memory that counts what it is asked for. */
function memoryStore() {
  const rows = new Map<string, Float32Array>();
  const asked: string[] = [];
  const store: DocumentVectorStore = {
    async get(_embedderId, keys) {
      asked.push(...keys);
      return new Map(keys.filter((k) => rows.has(k)).map((k) => [k, rows.get(k)!]));
    },
    async put(_embedderId, entries) {
      for (const e of entries) rows.set(e.key, e.vector);
    },
  };
  return { store, asked, rows };
}

describe('vector file', () => {
  it('round-trips vectors and is refused for another model or when damaged', async () => {
    const texts = ['echo: echo. Echoes back the input', 'calc: add. Adds two numbers'];
    const vectors = await model.embed(texts);
    const path = join(folder, 'v.vec');
    const header = { embedderId: model.id, model: 'fp-1', dimensions: model.dimensions, catalog: 'c-1' };
    writeVectorFile(path, header, texts.map((text, i) => ({ key: textKey(text), vector: vectors[i] })));
    expect(readVectorFileHeader(path)).toEqual({ ...header, count: 2 });
    const read = readVectorFile(path, { embedderId: model.id, model: 'fp-1', dimensions: model.dimensions })!;
    expect([...read.keys()]).toEqual(texts.map(textKey));
    expect(Array.from(read.get(textKey(texts[1]))!)).toEqual(Array.from(vectors[1]));
    expect(readVectorFile(path, { embedderId: model.id, model: 'fp-2', dimensions: model.dimensions })).toBeUndefined();
    writeFileSync(path, 'switchboard-vectors 1\n{"count": 5, "dimensions": 384}\n');
    expect(readVectorFile(path, { embedderId: model.id, model: 'fp-1', dimensions: model.dimensions })).toBeUndefined();
  });

  it('sits in front of the database store: file hits are not asked for, misses are embedded and stored', async () => {
    const known = 'weather: get forecast. Weather forecast for a city';
    const [vector] = await model.embed([known]);
    const db = memoryStore();
    const layered = withVectorFile(db.store, { embedderId: model.id, vectors: new Map([[textKey(known), vector]]) });
    const docs: ToolDocument[] = [
      { id: 'weather/get_forecast', server: 'weather', name: 'get_forecast', description: 'Weather forecast for a city' },
      { id: 'mail/send_email', server: 'mail', name: 'send_email', description: 'Send an e-mail message' },
    ];
    expect(embeddingText(docs[0])).toBe(known);
    let embedded = 0;
    const counting: EmbeddingProvider = { id: model.id, dimensions: model.dimensions, embed: async (texts) => ((embedded += texts.length), model.embed(texts)) };
    const engine = new RetrievalEngine({ backend: new EmbeddedBackend({ dimensions: model.dimensions }), embedder: counting, vectorStore: layered });
    await engine.index(docs);
    expect(embedded).toBe(1);
    expect(db.asked).toEqual([textKey(embeddingText(docs[1]))]);
    expect([...db.rows.keys()]).toEqual([textKey(embeddingText(docs[1]))]);
  });

  it('counts tools indexed with a zero vector by a rebuild as not searchable until their embedding lands', async () => {
    const db = memoryStore();
    const docs: ToolDocument[] = [
      { id: 'a/one', server: 'a', name: 'one', description: 'First tool' },
      { id: 'b/two', server: 'b', name: 'two', description: 'Second tool' },
    ];
    const [stored] = await model.embed([embeddingText(docs[0])]);
    await db.store.put(model.id, [{ key: textKey(embeddingText(docs[0])), vector: stored }]);
    const engine = new RetrievalEngine({ backend: new EmbeddedBackend({ dimensions: model.dimensions }), embedder: model, vectorStore: db.store });
    const index = new SearchIndex(engine, pino({ level: 'silent' }));
    const ids = docs.map((d) => d.id);
    await index.rebuild(docs);
    // b/two is searchable by BM25 at once, but not yet with its own vector.
    expect(await index.engine.backend.count()).toBe(2);
    expect(await index.searchable(ids)).toBeLessThanOrEqual(2);
    const deadline = Date.now() + 30_000;
    while ((await index.searchable(ids)) < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await index.searchable(ids)).toBe(2);
    expect(await index.searchable([...ids, 'c/absent'])).toBe(2);
  });
});

describe('the installed catalog vectors (.cache/vectors, written by npm ci)', () => {
  it('belong to the installed model and equal what the model computes now', async () => {
    const vectors = readVectorFile(CATALOG_VECTOR_FILE, { embedderId: model.id, model: localModelFingerprint()!, dimensions: model.dimensions });
    expect(vectors, `${CATALOG_VECTOR_FILE} is missing or stale: run node --import tsx scripts/catalog-vectors.ts`).toBeDefined();
    expect(vectors!.size).toBeGreaterThan(8_000);
    // The real embedding path on catalog tools, built as registryDocuments builds them (the
    // server's category, no tags); tools with at most one parameter, whose text no jsonb key
    // order can change.
    const catalog = JSON.parse(readFileSync(join(root, 'catalog', 'servers.json'), 'utf8')) as {
      servers: { name: string; category: string; tools: { name: string; description?: string; inputSchema: { properties?: Record<string, unknown> } }[] }[];
    };
    const sample = catalog.servers
      .flatMap((server) => server.tools.map((tool) => ({ server, tool })))
      .filter(({ tool }) => Object.keys(tool.inputSchema.properties ?? {}).length <= 1)
      .filter((_, i) => i % 97 === 0)
      .slice(0, 6)
      .map(({ server, tool }) => embeddingText({ id: '', server: server.name, name: tool.name, description: tool.description ?? '', inputSchema: tool.inputSchema, category: server.category, tags: [] }));
    expect(sample).toHaveLength(6);
    const fresh = await model.embed(sample);
    sample.forEach((text, i) => {
      const fromFile = vectors!.get(textKey(text));
      expect(fromFile, text).toBeDefined();
      expect(Array.from(fromFile!).map((v) => v.toFixed(4))).toEqual(Array.from(fresh[i]).map((v) => v.toFixed(4)));
    });
  });

  it('are not recomputed when current: the install step exits at once', () => {
    const started = Date.now();
    execFileSync(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'catalog-vectors.ts')], { cwd: root, stdio: 'pipe' });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(readVectorFileHeader(CATALOG_VECTOR_FILE)?.model).toBe(localModelFingerprint());
  });
});
