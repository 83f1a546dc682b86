import { LRUCache } from 'lru-cache';
import type { Database } from '../../../db/client.ts';
import { createDocumentVectorStore } from '../../../db/retrieval/document-vectors.ts';
import type { ActiveSpace } from '../../../db/retrieval/user-spaces.ts';
import { activeSpaceOf, addEmbeddingUsage, ownedDocuments } from '../../../db/retrieval/user-spaces.ts';
import type { Logger } from '../../../platform/logger.ts';
import { textKey } from '../../../search/embedding/vector-store.ts';
import type { SearchIndex } from '../../../search/service/search-index.ts';
import { embeddingText } from '../../../search/text/tool-text.ts';
import type { SearchFilter } from '../../../search/types.ts';
import { ANCHOR_TEXTS } from '../../../search/user-spaces/anchors.ts';
import type { EmbeddingApi, SpaceEmbedder } from '../../../search/user-spaces/openai-embeddings.ts';
import { EmbeddingEndpointError, spaceEmbeddersOf } from '../../../search/user-spaces/openai-embeddings.ts';
import type { OwnSpace, StageOutcome, VectorStage } from '../../../search/user-spaces/stage.ts';
import { userSpaceStage } from '../../../search/user-spaces/stage.ts';

/** A query waits this long for the user's provider before falling back to the default space. */
export const QUERY_EMBED_TIMEOUT_MS = 3_000;
/**
 * After a provider let a query wait the whole QUERY_EMBED_TIMEOUT_MS, its users' queries fall
 * back at once for this long instead of each waiting again. Fast failures (refused, 5xx) are
 * asked again on the next query: they cost nothing.
 */
export const QUIET_AFTER_TIMEOUT_MS = 10_000;
/** Query vectors kept per process, over all user spaces (LRU). */
const QUERY_CACHE = 2_000;
/** Users whose own tools' vectors are kept in memory (LRU); one entry per user, its latest state. */
const OWN_CACHE = 500;

/** One retrieval's part of the user's space: the stage for the engine, and what happened. */
export interface SpaceStage {
  stage: VectorStage;
  outcome: () => StageOutcome;
}

const spaceIdOf = (space: ActiveSpace) => `${space.provider}:${space.model}`;

/**
 * The user-space stage of the one retrieval path (docs/decisions.md, "A vector space per user's
 * provider"). Per process: the providers' query vectors (LRU) and each user's own tools with
 * their space vectors, read from the database (document vectors) and kept until the index or
 * the user's active space changes.
 */
export function createUserSpaces(deps: { db: Database; search: SearchIndex; api?: EmbeddingApi; logger: Logger }) {
  const { db, search } = deps;
  const vectors = createDocumentVectorStore(db);
  const embedderOfModel = deps.api ? spaceEmbeddersOf(deps.api) : undefined;
  const queryVectors = new LRUCache<string, Float32Array>({ max: QUERY_CACHE });
  const own = new LRUCache<string, { key: string; value: Promise<OwnSpace> }>({ max: OWN_CACHE });
  let defaultAnchors: Promise<Float32Array[]> | undefined;
  const quiet = new Map<string, { until: number; reason: string }>();

  function embedderOf(space: ActiveSpace): SpaceEmbedder {
    if (space.provider !== 'openai' || !embedderOfModel) throw new Error(`provider ${space.provider} is not configured on this deployment (EMBEDDING_API_URL)`);
    return embedderOfModel(space.model);
  }

  async function queryVector(userId: string, space: ActiveSpace, query: string): Promise<Float32Array> {
    const key = `${spaceIdOf(space)}\u0000${query}`;
    const hit = queryVectors.get(key);
    if (hit) return hit;
    const embedder = embedderOf(space);
    const silent = quiet.get(embedder.id);
    if (silent && silent.until > Date.now()) {
      throw new Error(`${silent.reason}; not asked again for ${Math.ceil((silent.until - Date.now()) / 1000)} s`);
    }
    let answer: Awaited<ReturnType<SpaceEmbedder['embed']>>;
    try {
      answer = await embedder.embed([query], { timeoutMs: QUERY_EMBED_TIMEOUT_MS });
      quiet.delete(embedder.id);
    } catch (error) {
      if (error instanceof EmbeddingEndpointError && error.timedOut) quiet.set(embedder.id, { until: Date.now() + QUIET_AFTER_TIMEOUT_MS, reason: error.message });
      throw error;
    }
    const { vectors: [vector], tokens } = answer;
    queryVectors.set(key, vector);
    // Usage is counted off the answer's path; a lost count is a warning.
    addEmbeddingUsage(db, userId, embedder.id, 'queries', 1, tokens).catch((err: unknown) => deps.logger.warn({ err, user: userId }, 'query embedding usage not recorded'));
    return vector;
  }

  async function loadOwn(userId: string, space: string): Promise<OwnSpace> {
    const docs = await ownedDocuments(db, userId);
    const keys = docs.map((doc) => textKey(embeddingText(doc)));
    const anchorKeys = ANCHOR_TEXTS.map(textKey);
    const found = await vectors.get(space, [...new Set([...anchorKeys, ...keys])]);
    const anchors = anchorKeys.map((k) => found.get(k)).filter((v): v is Float32Array => v !== undefined);
    return { space, docs: docs.map((doc, i) => ({ doc, vector: found.get(keys[i]) })), anchors };
  }

  function ownSpace(userId: string, space: ActiveSpace): Promise<OwnSpace> {
    // The index's generation moves on every write (here or, watched, in another process); the
    // space's version when it is activated again.
    const key = `${spaceIdOf(space)}@${space.version}#${search.generation}`;
    const entry = own.get(userId);
    if (entry?.key === key) return entry.value;
    const value = loadOwn(userId, spaceIdOf(space));
    value.catch(() => {
      if (own.peek(userId)?.value === value) own.delete(userId);
    });
    own.set(userId, { key, value });
    return value;
  }

  return {
    /** The space the user's retrieval uses; null for the default space (and for no user). */
    async activeSpace(userId: string | null): Promise<ActiveSpace | null> {
      return userId ? activeSpaceOf(db, userId) : null;
    },

    /** A cache key part that changes whenever the user's space does. */
    cacheKey: (space: ActiveSpace | null) => (space ? `${spaceIdOf(space)}@${space.version}` : null),

    /** The stage for one retrieval in the user's space; the query's embedding starts now. */
    stage(userId: string, space: ActiveSpace, query: string, filter: SearchFilter | undefined): SpaceStage {
      return userSpaceStage({
        space: spaceIdOf(space),
        defaultSpace: search.embedderId,
        queryVector: queryVector(userId, space, query),
        defaultQueryVector: () => search.engine.queryCache.embed(query),
        defaultAnchors: () => {
          if (!defaultAnchors) {
            defaultAnchors = search.engine.embedder.embed([...ANCHOR_TEXTS]);
            defaultAnchors.catch(() => (defaultAnchors = undefined));
          }
          return defaultAnchors;
        },
        own: () => ownSpace(userId, space),
        filter,
      });
    },
  };
}

export type UserSpaces = ReturnType<typeof createUserSpaces>;
