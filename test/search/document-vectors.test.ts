import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { createDocumentVectorStore } from '../../db/retrieval/document-vectors.ts';
import { EmbeddedBackend } from '../../search/backends/embedded.ts';
import type { EmbeddingProvider } from '../../search/embedding/types.ts';
import { RetrievalEngine } from '../../search/engine.ts';
import { embeddingText } from '../../search/text/tool-text.ts';
import { sharedEmbedder } from '../../search/service/create-search-index.ts';
import type { ToolDocument } from '../../search/types.ts';
import { createTestDatabase } from '../support/database.ts';
import type { TestDatabase } from '../support/database.ts';

// Regression: the embedded index re-embedded the whole catalog at every start (minutes of
// CPU for 8,000 tools), which starved the API process. Stored vectors make a rebuild cheap.
let database: TestDatabase;
let handle: DatabaseHandle;
let model: EmbeddingProvider;
let embedded = 0;
const counting = (): EmbeddingProvider => ({
  id: model.id,
  dimensions: model.dimensions,
  embed: async (texts) => {
    embedded += texts.length;
    return model.embed(texts);
  },
});

const docs: ToolDocument[] = [
  { id: 'git/commit', server: 'git', name: 'git_commit', description: 'Record changes to the repository' },
  { id: 'weather/forecast', server: 'weather', name: 'get_forecast', description: 'Weather forecast for a city' },
  { id: 'mail/send', server: 'mail', name: 'send_email', description: 'Send an e-mail message' },
];

beforeAll(async () => {
  database = await createTestDatabase();
  handle = openDatabase({ url: database.url, dataDir: '.cache/unused', maxConnections: 2 });
  await handle.migrate();
  model = await sharedEmbedder();
});
afterAll(async () => {
  await handle?.close();
  await database?.drop();
});

const engine = () =>
  new RetrievalEngine({ backend: new EmbeddedBackend({ dimensions: model.dimensions }), embedder: counting(), vectorStore: createDocumentVectorStore(handle.db) });

describe('stored document vectors', () => {
  it('embed each text once across rebuilds and restarts, and rank as fresh vectors do', async () => {
    const first = engine();
    await first.rebuild(docs);
    expect(embedded).toBe(3);
    const restarted = engine();
    await restarted.rebuild(docs);
    expect(embedded).toBe(3);
    const query = { query: 'what will the weather be tomorrow', topK: 3 };
    expect((await restarted.retrieve(query)).hits.map((h) => h.id)).toEqual((await first.retrieve(query)).hits.map((h) => h.id));
    const [stored] = await restarted.embedTools([docs[1]]);
    const [fresh] = await model.embed([embeddingText(docs[1])]);
    expect(Array.from(stored.vector).map((v) => v.toFixed(5))).toEqual(Array.from(fresh).map((v) => v.toFixed(5)));
  });

  it('embeds again only what changed', async () => {
    const before = embedded;
    await engine().rebuild([{ ...docs[0], description: 'Commit staged changes with a message' }, docs[1], docs[2]]);
    expect(embedded).toBe(before + 1);
  });
});

describe('rebuild from the store', () => {
  it('indexes everything at once and returns only the texts that still need embedding', async () => {
    const fresh: ToolDocument = { id: 'calc/add', server: 'calc', name: 'add_numbers', description: 'Add two numbers together' };
    const target = engine();
    const before = embedded;
    const pending = await target.rebuildFromStore([...docs, fresh]);
    expect(embedded).toBe(before);
    expect(pending.map((d) => d.id)).toEqual(['calc/add']);
    expect(await target.backend.count()).toBe(4);
    expect((await target.retrieve({ query: 'add numbers', topK: 1 })).hits[0].id).toBe('calc/add');
    const beforeIndex = embedded;
    await target.index(pending);
    expect(embedded).toBe(beforeIndex + 1);
  });
});
