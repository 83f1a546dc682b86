import { discover } from '../../search/discover.ts';
import type { RetrievalEngine } from '../../search/engine.ts';

/** A candidate ranking measured beside what ships (bench/quality-two.ts --variants): top 10 ids. */
export type RankVariant = (engine: RetrievalEngine, query: string) => Promise<string[]>;

export const RANK_VARIANTS: Record<string, RankVariant> = {
  ships: async (engine, q) => (await discover(engine, { query: q, topK: 10 })).tools.map((t) => t.id),
};
