import { describe, expect, it } from 'vitest';
import type { FusedHit } from '../../search/fusion.ts';
import { rerankRelevance } from '../../search/rerank.ts';
import { RERANK_FEATURES, SECOND_PASS_FEATURES, rerankFeatures } from '../../search/rerank/features.ts';
import { RERANK_MODELS, secondPassFeatures } from '../../search/rerank/model.ts';
import { RerankQuery } from '../../search/rerank/query.ts';
import type { ToolDocument } from '../../search/types.ts';
import { TOOLS } from './fixtures.ts';

const hit = (id: string, relevance: number, bm25: number | null, vector: number | null): FusedHit => ({ id, relevance, bm25, vector });
const docs = new Map(TOOLS.map((t) => [t.id, t]));

/** The features of fixture tools with equal fused scores, read by candidate index and name. */
function fixtureFeatures(query: string, ids: readonly string[]) {
  const x = rerankFeatures(new RerankQuery(query, query.toLowerCase()), ids.map((id) => ({ hit: hit(id, 0.5, 2, 0.5), doc: docs.get(id)! })));
  return (i: number, name: (typeof RERANK_FEATURES)[number]) => x[i][RERANK_FEATURES.indexOf(name)];
}

describe('second-stage reranker (search/rerank.ts)', () => {
  it('ships a model for exactly its features, both passes', () => {
    for (const [pass, names] of [[RERANK_MODELS.first, RERANK_FEATURES], [RERANK_MODELS.second, SECOND_PASS_FEATURES]] as const) {
      expect(pass.features).toEqual([...names]);
      for (const part of [pass.mean, pass.std, pass.weights]) expect(part).toHaveLength(names.length);
      expect(pass.std.every((s) => s > 0)).toBe(true);
    }
  });

  it('computes one feature vector per candidate, from the hits and the documents only', () => {
    const hits = [hit('weather/get_forecast', 0.8, 3, 0.6), hit('weather/get_alerts', 0.4, null, 0.5)];
    const x = rerankFeatures(new RerankQuery('Weather forecast for Paris. Then email it.', 'weather forecast for paris then email it'), hits.map((h) => ({ hit: h, doc: docs.get(h.id)! })));
    expect(x).toHaveLength(2);
    for (const row of x) expect(row).toHaveLength(RERANK_FEATURES.length);
    const f = (row: number[], name: (typeof RERANK_FEATURES)[number]) => row[RERANK_FEATURES.indexOf(name)];
    expect(f(x[0], 'bm25')).toBe(1);
    expect(f(x[1], 'bm25_missing')).toBe(1);
    // Both tools of the weather server share its best relevance; the forecast's name is all in the query.
    expect(f(x[1], 'server_best_relevance')).toBe(0.8);
    expect(f(x[0], 'name_coverage')).toBe(1);
    expect(f(x[1], 'name_coverage')).toBe(0);
    // "weather forecast paris" is the first sentence; the forecast tool covers two of its three words.
    expect(f(x[0], 'best_sentence_coverage')).toBeGreaterThan(0.5);
  });

  it('scores BM25 over the candidates alone, for the request and for each of its sentences', () => {
    const ids = ['weather/get_forecast', 'weather/get_alerts', 'mail/send_email'];
    const f = fixtureFeatures('Weather forecast for Paris. Then send the email to Bob.', ids);
    // Over the whole request the forecast (weather, forecast) beats the alerts (weather only).
    expect(f(0, 'bm25_pool')).toBeGreaterThan(f(1, 'bm25_pool'));
    expect(Math.max(...ids.map((_, i) => f(i, 'bm25_pool')))).toBe(1);
    // Each sentence has its best tool: the forecast for the first, the email tool for the second,
    // though the email tool shares no word with the first sentence.
    expect(f(0, 'best_sentence_bm25_rank')).toBe(1);
    expect(f(2, 'best_sentence_bm25_rank')).toBe(1);
    expect(f(2, 'best_sentence_bm25')).toBe(1);
    expect(f(2, 'best_sentence_name_bm25')).toBe(1);
    // The alerts come second for the first sentence only: 1 / log2(2 + 1).
    expect(f(1, 'best_sentence_bm25_rank')).toBeCloseTo(1 / Math.log2(3), 10);
    expect(f(1, 'best_sentence_bm25')).toBeLessThan(1);
  });

  it("counts the query's words among the parameters' example and default values", () => {
    const tool = (id: string, properties: Record<string, unknown>): ToolDocument => ({ id: `music/${id}`, server: 'music', name: id, description: 'Artist info', inputSchema: { type: 'object', properties } });
    const withExamples = tool('artist', { artist_id: { type: 'string', examples: ['520117-arctic-monkeys'] }, country: { type: 'string', default: 'UK' } });
    const without = tool('artist_plain', { artist_id: { type: 'string', description: 'Artist id' } });
    const hits = [hit(withExamples.id, 0.5, 1, 0.5), hit(without.id, 0.5, 1, 0.5)];
    const query = 'Tell me about the Arctic Monkeys. Are they from the UK?';
    const x = rerankFeatures(new RerankQuery(query, query.toLowerCase()), [{ hit: hits[0], doc: withExamples }, { hit: hits[1], doc: without }]);
    const f = (i: number, name: (typeof RERANK_FEATURES)[number]) => x[i][RERANK_FEATURES.indexOf(name)];
    expect(f(0, 'example_coverage')).toBeGreaterThan(0);
    expect(f(1, 'example_coverage')).toBe(0);
    // "arctic monkeys" is the first sentence's whole content once stop words are gone.
    expect(f(0, 'best_sentence_example_coverage')).toBe(1);
    expect(f(1, 'best_sentence_example_coverage')).toBe(0);
  });

  it('matches word pairs of the request, per sentence and in the tool and server names', () => {
    const ids = ['mail/send_email', 'weather/get_forecast', 'weather/get_alerts'];
    const f = fixtureFeatures('Please send an email to Bob. Then the weather forecast for Paris.', ids);
    // "send email" is the mail tool's name, word for word.
    expect(f(0, 'pair_coverage')).toBeGreaterThan(0);
    // "weather forecast" of the second sentence is in the forecast's description; the alerts have neither pair.
    expect(f(1, 'best_sentence_pair_coverage')).toBeGreaterThan(0);
    expect(f(2, 'best_sentence_pair_coverage')).toBe(0);
    expect(f(2, 'pair_coverage')).toBe(0);
    expect(Math.max(...ids.map((_, i) => f(i, 'pair_coverage_best')))).toBe(1);
    // Words of one sentence never pair with the next one's ("paris weather" is no pair of the request).
    const across = rerankFeatures(new RerankQuery('Paris. Weather', 'paris weather'), [{ hit: hit('w/paris_weather', 0.5, 1, 0.5), doc: { id: 'w/paris_weather', server: 'w', name: 'paris_weather', description: '' } }]);
    expect(across[0][RERANK_FEATURES.indexOf('pair_coverage')]).toBe(0);
  });

  it('scores candidates matched early (prepare, while the embedding runs) exactly as those matched at scoring', () => {
    const query = 'Weather forecast for Paris. Then send the email to Bob.';
    const candidates = [hit('weather/get_forecast', 0.8, 3, 0.6), hit('weather/get_alerts', 0.4, null, 0.5), hit('mail/send_email', 0.3, 1, null)].map((h) => ({ hit: h, doc: docs.get(h.id)! }));
    const early = new RerankQuery(query, query.toLowerCase());
    early.prepare([candidates[0].doc, candidates[2].doc]);
    const kept = early.match(candidates[0].doc);
    expect(rerankFeatures(early, candidates)).toEqual(rerankFeatures(new RerankQuery(query, query.toLowerCase()), candidates));
    expect(early.match(candidates[0].doc)).toBe(kept);
  });

  it("gives the second pass the first pass's scores of the tool and of its server's other candidates", () => {
    const x = [RERANK_FEATURES.map(() => 0.5), RERANK_FEATURES.map(() => 0.2), RERANK_FEATURES.map(() => 0.9)];
    const rows = secondPassFeatures(RERANK_MODELS.first, x, ['a', 'a', 'b']);
    const at = (i: number, name: (typeof SECOND_PASS_FEATURES)[number]) => rows[i][SECOND_PASS_FEATURES.indexOf(name)];
    for (const row of rows) expect(row).toHaveLength(SECOND_PASS_FEATURES.length);
    expect(rows[0].slice(0, RERANK_FEATURES.length)).toEqual(x[0]);
    // Candidates 0 and 1 share server a: each sees the other's first-pass score; 2 is alone on b.
    expect(at(0, 'server_first_pass_best')).toBe(at(1, 'first_pass'));
    expect(at(1, 'server_first_pass_best')).toBe(at(0, 'first_pass'));
    expect(at(0, 'server_first_pass_sum')).toBeCloseTo(1 / (1 + Math.exp(-at(1, 'first_pass'))), 12);
    expect(at(2, 'server_first_pass_best')).toBe(-10);
    expect(at(2, 'server_first_pass_sum')).toBe(0);
  });

  it('gives every candidate a relevance in 0..1 and ranks the one that answers the request first', () => {
    const hits = [hit('weather/get_alerts', 0.5, 2, 0.5), hit('weather/get_forecast', 0.5, 2, 0.5), hit('mail/send_email', 0.2, null, 0.2)];
    const rel = rerankRelevance(new RerankQuery('weather forecast for a city', 'weather forecast for a city'), hits, docs);
    expect([...rel.keys()].sort()).toEqual(hits.map((h) => h.id).sort());
    for (const v of rel.values()) {
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThanOrEqual(1);
    }
    // Same fused scores: the forecast's name and text cover the query, the alerts' do not.
    expect(rel.get('weather/get_forecast')!).toBeGreaterThan(rel.get('weather/get_alerts')!);
    expect(rel.get('weather/get_alerts')!).toBeGreaterThan(rel.get('mail/send_email')!);
  });

  it('gives the same tool on two servers the same relevance (ties share a rank)', () => {
    const copy = (server: string): ToolDocument => ({ ...TOOLS[0], id: `${server}/get_forecast`, server });
    const twins = new Map([copy('weather-east'), copy('weather-west')].map((d) => [d.id, d]));
    const rel = rerankRelevance(new RerankQuery('weather forecast for a city', 'weather forecast for a city'), [hit('weather-east/get_forecast', 0.7, 2, 0.6), hit('weather-west/get_forecast', 0.7, 2, 0.6)], twins);
    expect(rel.get('weather-east/get_forecast')).toBe(rel.get('weather-west/get_forecast'));
  });

  it('skips hits without a document and refuses a model trained on other features', () => {
    const rel = rerankRelevance(new RerankQuery('weather', 'weather'), [hit('gone/tool', 0.9, 1, 0.9), hit('weather/get_forecast', 0.5, 1, 0.5)], docs);
    expect([...rel.keys()]).toEqual(['weather/get_forecast']);
    for (const pass of ['first', 'second'] as const) {
      const stale = { ...RERANK_MODELS, [pass]: { ...RERANK_MODELS[pass], features: RERANK_MODELS[pass].features.slice(1) } };
      expect(() => rerankRelevance(new RerankQuery('weather', 'weather'), [hit('weather/get_forecast', 0.5, 1, 0.5)], new Map<string, ToolDocument>(docs), stale)).toThrow(/rerank-train/);
    }
  });
});
