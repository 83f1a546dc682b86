import { dot } from '../embedding/types.ts';
import { matchesFilter } from '../filter.ts';
import type { ScoredId, SearchFilter, ToolDocument } from '../types.ts';
import { ANCHOR_TEXTS } from './anchors.ts';

/**
 * A step over the backend's vector candidate list before fusion (search/engine.ts
 * `RetrieveRequest.vectorStage`): gets the list and its length, returns the list to fuse.
 */
export type VectorStage = (vector: ScoredId[], size: number) => Promise<ScoredId[]>;

/** A user's own tools with their vectors in the user's space, and the space's anchor vectors. */
export interface OwnSpace {
  space: string;
  /** `vector` is absent for a tool not embedded in the space yet: it keeps its default-space score. */
  docs: { doc: ToolDocument; vector: Float32Array | undefined }[];
  /** The vectors of ANCHOR_TEXTS in this space, in that order; fewer = the space is not usable yet. */
  anchors: Float32Array[];
}

/** What a retrieval says about its vector space: the user's, or the default one it fell back to and why. */
export interface StageOutcome {
  /** The space the user's own tools were scored in. */
  space: string;
  /** The user's space could not be used: `space` is the default one. */
  fallback: boolean;
  /** The user's space, when it was not the one used. */
  requested_space?: string;
  reason?: string;
}

/** Mean cosine of a query to the anchors: what an unrelated tool scores in that space. */
export function noiseFloor(query: Float32Array, anchors: Float32Array[]): number {
  let sum = 0;
  for (const a of anchors) sum += dot(query, a);
  return sum / anchors.length;
}

/**
 * A cosine of the user's space on the default space's scale: the affine map that takes the
 * user space's noise floor to the default space's (for this query) and keeps 1 at 1. Order
 * within the user's space is kept; an unrelated tool scores about the same in both spaces.
 */
export function onDefaultScale(cosine: number, userFloor: number, defaultFloor: number): number {
  return defaultFloor + ((cosine - userFloor) * (1 - defaultFloor)) / (1 - userFloor);
}

/**
 * The per-user vector space as a stage of the one retrieval path: the user's own tools are
 * scored by the user's provider (query and tools in that space), mapped onto the default
 * space's scale, and take the place of their default-space entries in the vector list; the
 * shared catalog keeps its default-space scores. BM25 is untouched. Anything failing (the
 * provider down, vectors not there) leaves the default list as it was, and `outcome()` says so.
 */
export function userSpaceStage(input: {
  space: string;
  defaultSpace: string;
  /** The query in the user's space; started by the caller before the backend search, so the two overlap. */
  queryVector: Promise<Float32Array>;
  defaultQueryVector: () => Promise<Float32Array>;
  defaultAnchors: () => Promise<Float32Array[]>;
  own: () => Promise<OwnSpace>;
  filter?: SearchFilter;
}): { stage: VectorStage; outcome: () => StageOutcome } {
  // Read by the stage; a rejection before then must not go unhandled.
  input.queryVector.catch(() => {});
  let outcome: StageOutcome = { space: input.space, fallback: false };
  const stage: VectorStage = async (list, size) => {
    try {
      const [query, own, defaultQuery, defaultAnchors] = await Promise.all([input.queryVector, input.own(), input.defaultQueryVector(), input.defaultAnchors()]);
      if (own.anchors.length !== ANCHOR_TEXTS.length) throw new Error(`the ${input.space} space has no reference vectors yet (its re-embed has not completed)`);
      if (own.anchors[0].length !== query.length) throw new Error(`the ${input.space} query vector has ${query.length} dimensions, its stored vectors ${own.anchors[0].length}`);
      const userFloor = noiseFloor(query, own.anchors);
      if (!(userFloor < 0.999)) throw new Error(`the ${input.space} space does not tell texts apart (noise floor ${userFloor.toFixed(3)})`);
      const defaultFloor = noiseFloor(defaultQuery, defaultAnchors);
      const scored: ScoredId[] = [];
      for (const { doc, vector } of own.docs) {
        if (!vector || vector.length !== query.length || !matchesFilter(doc, input.filter)) continue;
        scored.push({ id: doc.id, score: Math.max(-1, Math.min(1, onDefaultScale(dot(query, vector), userFloor, defaultFloor))) });
      }
      const replaced = new Set(scored.map((s) => s.id));
      outcome = { space: input.space, fallback: false };
      return [...list.filter((h) => !replaced.has(h.id)), ...scored].sort((a, b) => b.score - a.score || a.id.localeCompare(b.id)).slice(0, size);
    } catch (error) {
      outcome = { space: input.defaultSpace, fallback: true, requested_space: input.space, reason: error instanceof Error ? error.message : String(error) };
      return list;
    }
  };
  return { stage, outcome: () => outcome };
}
