import type { Bm25Params } from '../../search/bm25.ts';
import { DEFAULT_BM25 } from '../../search/bm25.ts';
import { EmbeddedBackend } from '../../search/backends/embedded.ts';
import { RetrievalEngine } from '../../search/engine.ts';
import type { FusionConfig } from '../../search/fusion.ts';
import type { ToolDocument } from '../../search/types.ts';
import type { BenchQuery } from './corpus.ts';
import { formatRow, HEADER, mean, scoreRanking } from './metrics.ts';

/**
 * Parameter sweeps behind `--sweep`: the measurements that chose k1, b, field boosts and the
 * fusion method. Grids are coarse on purpose (a hidden split is measured too).
 */
export async function sweep(engine: RetrievalEngine, docs: ToolDocument[], queries: BenchQuery[], out: (s: string) => void): Promise<void> {
  const run = async (e: RetrievalEngine, fusion: FusionConfig) => {
    const ms = [];
    for (const q of queries) ms.push(scoreRanking((await e.retrieve({ query: q.query, topK: 10 }, fusion)).hits.map((h) => h.id), q.relevant));
    return mean(ms);
  };
  out(HEADER);
  const variants: [string, Partial<Bm25Params>][] = [
    ['default', {}],
    ['k1=0.9', { k1: 0.9 }], ['k1=1.5', { k1: 1.5 }], ['k1=2.0', { k1: 2.0 }],
    ['b=0.5', { b: 0.5 }], ['b=0.9', { b: 0.9 }],
    ['flat boosts', { boosts: { name: 1, server: 1, description: 1, params: 1, labels: 1 } }],
    ['no params', { boosts: { ...DEFAULT_BM25.boosts, params: 0 } }],
    ['no labels', { boosts: { ...DEFAULT_BM25.boosts, labels: 0 } }],
    ['name 3 server 2', { boosts: { ...DEFAULT_BM25.boosts, name: 3, server: 2 } }],
    ['name 1 server 1', { boosts: { ...DEFAULT_BM25.boosts, name: 1, server: 1 } }],
    ['params 1', { boosts: { ...DEFAULT_BM25.boosts, params: 1 } }],
  ];
  if (engine.backend.kind === 'embedded') {
    const tools = await engine.embedTools(docs);
    for (const [label, p] of variants) {
      const backend = new EmbeddedBackend({ dimensions: engine.embedder.dimensions, bm25: { ...DEFAULT_BM25, ...p } });
      await backend.upsert(tools);
      const e = new RetrievalEngine({ backend, embedder: engine.embedder, candidates: 100 });
      out(formatRow(`bm25 ${label}`, await run(e, { method: 'bm25' })));
    }
  }
  const fusions: FusionConfig[] = [
    ...[10, 30, 60].flatMap((k) => [0.4, 0.5, 0.6, 0.7].map((w) => ({ method: 'rrf' as const, k, vectorWeight: w }))),
    ...[0.3, 0.4, 0.5, 0.6, 0.7, 0.8].map((w) => ({ method: 'linear' as const, vectorWeight: w })),
  ];
  for (const f of fusions) out(formatRow(JSON.stringify(f).replace(/"/g, '').slice(0, 33), await run(engine, f)));
}
