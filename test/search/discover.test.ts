import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedBackend } from '../../search/backends/embedded.ts';
import { detectCapability } from '../../search/capabilities.ts';
import { PREFERENCE_BOOST, discover, discoverCandidates, successRate } from '../../search/discover.ts';
import { createLocalModel } from '../../search/embedding/local-model.ts';
import { DEFAULT_MODEL_DIR } from '../../search/embedding/model-files.ts';
import type { EmbeddingProvider } from '../../search/embedding/types.ts';
import { RetrievalEngine } from '../../search/engine.ts';
import { rewriteQuery } from '../../search/query-rewrite.ts';
import { TOOLS } from './fixtures.ts';

const modelDir = DEFAULT_MODEL_DIR;

describe('capabilities and query rewrite', () => {
  it('detects the capability a query asks for, with a confidence', () => {
    expect(detectCapability('send this to my boss')).toMatchObject({ id: 'send' });
    expect(detectCapability('send this to my boss').confidence).toBeCloseTo(1 / 1.5, 5);
    expect(detectCapability('send an email to my boss').confidence).toBeGreaterThan(0.75);
    expect(detectCapability('convert and translate this text').confidence).toBeGreaterThan(0.7);
    expect(detectCapability('weather in Paris')).toEqual({ id: null, confidence: 0 });
  });

  it('normalises and expands short queries only', () => {
    expect(rewriteQuery('  Find   getUserProfile!! ', detectCapability('find getUserProfile'))).toBe('find get user profile search lookup');
    const long = 'I am planning a trip next month and want to find cheap flights and hotels near the beach please';
    expect(rewriteQuery(long, detectCapability(long))).toBe(long.toLowerCase());
  });

  it('smooths the success rate: neutral 0.5 without history', () => {
    expect(successRate(undefined)).toBe(0.5);
    expect(successRate({ successes: 9, failures: 1 })).toBeCloseTo(10 / 12, 10);
    expect(successRate({ successes: 0, failures: 3 })).toBeCloseTo(0.2, 10);
  });
});

describe('discover (engine + final score) on the embedded backend with the local model', () => {
  let embedder: EmbeddingProvider;
  let engine: RetrievalEngine;
  beforeAll(async () => {
    embedder = await createLocalModel({ modelDir });
    engine = new RetrievalEngine({ backend: new EmbeddedBackend({ dimensions: embedder.dimensions }), embedder });
    await engine.index(TOOLS);
  });
  afterAll(async () => embedder?.close?.());

  it('ranks the right tool first and keeps every score in 0..1', async () => {
    const res = await discover(engine, { query: 'will it rain in Berlin tomorrow?', topK: 3 });
    expect(res.tools[0].id).toBe('weather/get_forecast');
    expect(res.total_tools_searched).toBe(TOOLS.length);
    for (const t of res.tools) {
      for (const k of ['score', 'semantic_score', 'capability_score', 'success_rate'] as const) {
        expect(t[k]).toBeGreaterThanOrEqual(0);
        expect(t[k]).toBeLessThanOrEqual(1);
      }
    }
    expect(res.tools.map((t) => t.score)).toEqual([...res.tools.map((t) => t.score)].sort((a, b) => b - a));
  });

  it('finds by meaning when no word matches (the vector part)', async () => {
    const res = await engine.retrieve({ query: 'how many yen is one hundred dollars', topK: 1 });
    expect(res.hits[0].id).toBe('finance/convert_currency');
  });

  it('reports the capability and a rewritten query, and favours tools that perform it', async () => {
    const res = await discover(engine, { query: 'send a message', topK: 5 });
    expect(res.selected_capability).toBe('send');
    expect(res.query_rewritten).toBe('send a message email sms');
    const send = res.tools.find((t) => t.id === 'mail/send_email')!;
    expect(send.capability_score).toBeGreaterThan(0.5);
    expect(res.tools.find((t) => t.id !== 'mail/send_email')!.capability_score).toBeLessThan(0.5);
  });

  it('lets run history reorder near-ties and min_score cut the tail', async () => {
    const query = 'weather for a city';
    const plain = await discover(engine, { query, topK: 2 });
    expect(plain.tools[0].id).toBe('weather/get_forecast');
    const history = new Map([
      ['weather/get_forecast', { successes: 0, failures: 50 }],
      ['weather/get_alerts', { successes: 50, failures: 0 }],
    ]);
    const withHistory = await discover(engine, { query, topK: 2, history });
    expect(withHistory.tools.find((t) => t.id === 'weather/get_alerts')!.success_rate).toBeGreaterThan(0.9);
    expect(withHistory.tools.find((t) => t.id === 'weather/get_forecast')!.success_rate).toBeLessThan(0.1);
    const cut = await discover(engine, { query, topK: 5, minScore: plain.tools[0].score - 1e-9 });
    expect(cut.tools.map((t) => t.id)).toEqual([plain.tools[0].id]);
  });

  it('scopes by filter, and counts only the scope', async () => {
    const res = await discover(engine, { query: 'search my notes', topK: 5, filter: { ownerUserIds: [null] } });
    expect(res.tools.map((t) => t.id)).not.toContain('private/notes_search');
    expect(res.total_tools_searched).toBe(TOOLS.length - 1);
  });

  it("lifts the caller's preferred tools by a share of their headroom, in the one ranking", async () => {
    const query = 'weather for a city';
    const plain = await discover(engine, { query, topK: 2 });
    const second = plain.tools[1];
    const preferred = await discover(engine, { query, topK: 2, prefer: (doc) => doc.id === second.id });
    const lifted = preferred.tools.find((t) => t.id === second.id)!;
    expect(lifted.score).toBeCloseTo(second.score + PREFERENCE_BOOST * (1 - second.score), 10);
    expect(lifted.semantic_score).toBe(second.semantic_score);
    expect(preferred.tools.map((t) => t.score)).toEqual([...preferred.tools.map((t) => t.score)].sort((a, b) => b - a));
  });

  it('keeps one tool per server and name: the better-scored of a registry tool and its indexed twin', async () => {
    // Same server and name, a description about something else: both its BM25 and its vector match worse.
    const twin = { ...TOOLS[0], id: 'api:user-1:weather/get_forecast', description: 'Internal legacy endpoint kept for old billing clients', ownerUserId: 'user-1' };
    await engine.index([twin]);
    try {
      const res = await discover(engine, { query: 'weather forecast for a city', topK: 5 });
      const forecasts = res.tools.filter((t) => t.doc.server === 'weather' && t.doc.name === 'get_forecast');
      expect(forecasts).toHaveLength(1);
      // The twin is found on its own; next to the registry tool, whose text matches better, it gives way.
      const alone = await discover(engine, { query: 'weather forecast for a city', topK: 5, filter: { ownerUserIds: ['user-1'] } });
      expect(alone.tools.map((t) => t.id)).toContain(twin.id);
      expect(forecasts[0].id).toBe('weather/get_forecast');
    } finally {
      await engine.backend.remove([twin.id]);
    }
  });

  it('hands the fused candidates to onCandidates before scoring them: every returned tool is among them', async () => {
    let seen: string[] | undefined;
    const res = await discoverCandidates(engine, { query: 'will it rain in Berlin tomorrow?', topK: 3, minScore: 0.2, onCandidates: (docs) => { seen = docs.map((d) => d.id); } });
    expect(seen).toBeDefined();
    expect(seen!.length).toBeGreaterThanOrEqual(res.tools.length);
    for (const t of res.tools) expect(seen).toContain(t.id);
    // The same ranking with or without the hook.
    const plain = await discoverCandidates(engine, { query: 'will it rain in Berlin tomorrow?', topK: 3, minScore: 0.2 });
    expect(res.tools.map((t) => [t.id, t.score])).toEqual(plain.tools.map((t) => [t.id, t.score]));
  });

  it('serves a repeated query embedding from the cache', async () => {
    const before = engine.queryCache.hits;
    await engine.retrieve({ query: 'weather for a city', topK: 1 });
    expect(engine.queryCache.hits).toBe(before + 1);
  });
});
