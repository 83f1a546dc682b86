import { ApplicationFailure, Context } from '@temporalio/activity';
import type { ReembedInput } from '../../contracts/retrieval.ts';
import type { Database } from '../../db/client.ts';
import { createDocumentVectorStore } from '../../db/retrieval/document-vectors.ts';
import { updateEmbeddingStatus } from '../../db/retrieval/embedding-settings.ts';
import { activeSpacesOf, addEmbeddingUsage, ownedDocuments } from '../../db/retrieval/user-spaces.ts';
import type { Logger } from '../../platform/logger.ts';
import { textKey } from '../../search/embedding/vector-store.ts';
import { embeddingText } from '../../search/text/tool-text.ts';
import type { ToolDocument } from '../../search/types.ts';
import { ANCHOR_TEXTS } from '../../search/user-spaces/anchors.ts';
import type { EmbeddingApi, SpaceEmbedder } from '../../search/user-spaces/openai-embeddings.ts';
import { EmbeddingEndpointError, spaceEmbeddersOf } from '../../search/user-spaces/openai-embeddings.ts';

/** Failure type of a re-embed the provider refused for good (bad model, bad key): not retried. */
export const EMBEDDING_REJECTED = 'EmbeddingRejected';

/** Texts per provider call and per progress write. */
const BATCH = 64;

/**
 * The user side of issue 22's vector spaces (docs/decisions.md, "A vector space per user's
 * provider"): embedding a user's tools into the space of their provider. Vectors go to the
 * document vector store under the space's id, keyed by the text's hash, so unchanged text is
 * never embedded twice and a retried attempt redoes only what is missing.
 */
export function createUserSpaceActivities(deps: { db: Database; logger: Logger; embeddingApi?: EmbeddingApi }) {
  const { db } = deps;
  const log = deps.logger.child({ component: 'user-spaces' });
  const vectors = createDocumentVectorStore(db);
  const embedderOfModel = deps.embeddingApi ? spaceEmbeddersOf(deps.embeddingApi) : undefined;

  function embedderFor(provider: string, model: string): SpaceEmbedder {
    if (provider !== 'openai') throw ApplicationFailure.nonRetryable(`provider ${provider} has no vector space of its own`, EMBEDDING_REJECTED);
    if (!embedderOfModel) throw ApplicationFailure.nonRetryable('no embeddings endpoint is configured on this worker (EMBEDDING_API_URL)', EMBEDDING_REJECTED);
    return embedderOfModel(model);
  }

  /**
   * Embeds the texts the space lacks, `onBatch` after each stored batch; returns the keys of all
   * texts. Usage counts only what the provider embedded.
   */
  async function fill(
    userId: string,
    embedder: SpaceEmbedder,
    texts: string[],
    onBatch?: (done: number, total: number) => Promise<void>,
  ): Promise<{ total: number; embedded: number }> {
    const byKey = new Map(texts.map((t) => [textKey(t), t]));
    const known = await vectors.get(embedder.id, [...byKey.keys()]);
    const missing = [...byKey.keys()].filter((k) => !known.has(k));
    let done = byKey.size - missing.length;
    await onBatch?.(done, byKey.size);
    for (let i = 0; i < missing.length; i += BATCH) {
      const keys = missing.slice(i, i + BATCH);
      const { vectors: embedded, tokens } = await embedder.embed(keys.map((k) => byKey.get(k)!));
      await vectors.put(embedder.id, keys.map((key, j) => ({ key, vector: embedded[j] })));
      await addEmbeddingUsage(db, userId, embedder.id, 'documents', keys.length, tokens);
      done += keys.length;
      await onBatch?.(done, byKey.size);
    }
    return { total: byKey.size, embedded: missing.length };
  }

  return {
    /**
     * Embeds the user's own tools (and the anchors) into the chosen space, writing progress as it
     * goes. A provider failure is written to the settings (`last_error`, `attempt`) before it is
     * thrown: retryable ones (429, 5xx, no answer) are retried by the workflow with backoff.
     */
    async reembedUserSpace(input: ReembedInput): Promise<number> {
      const attempt = Context.current().info.attempt;
      const choice = { provider: input.provider, vendorModel: input.vendorModel };
      const docs = await ownedDocuments(db, input.userId);
      const texts = [...ANCHOR_TEXTS, ...docs.map(embeddingText)];
      const embedder = embedderFor(input.provider, input.vendorModel);
      try {
        const { total, embedded } = await fill(input.userId, embedder, texts, async (done, all) => {
          Context.current().heartbeat(done);
          await updateEmbeddingStatus(db, input.userId, { progressDone: done, progressTotal: all, attempt }, choice);
        });
        log.info({ user: input.userId, space: embedder.id, tools: docs.length, texts: total, embedded }, 'user tools embedded into their space');
        return docs.length;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await updateEmbeddingStatus(db, input.userId, { lastError: message, attempt }, choice);
        if (error instanceof EmbeddingEndpointError && !error.retryable) throw ApplicationFailure.nonRetryable(message, EMBEDDING_REJECTED);
        throw ApplicationFailure.retryable(message, 'EmbeddingUnavailable');
      }
    },

    /** The re-embed completed: retrieval moves to the new space (only if the user still wants it). */
    async activateUserSpace(input: ReembedInput & { tools: number }): Promise<boolean> {
      return updateEmbeddingStatus(
        db,
        input.userId,
        { activeProvider: input.provider, activeModel: input.vendorModel, status: 'ready', reembeddedTools: input.tools, reembeddedAt: new Date(), lastError: null },
        { provider: input.provider, vendorModel: input.vendorModel },
      );
    },

    /**
     * Tools just indexed whose owner searches in a space of their own are embedded there too, so
     * a new tool is ranked in the owner's space at once. A failure here does not fail the
     * indexing: until its vector exists the tool keeps its default-space score.
     */
    async followUserSpaces(docs: ToolDocument[]): Promise<void> {
      const owners = [...new Set(docs.map((d) => d.ownerUserId).filter((o): o is string => !!o))];
      if (owners.length === 0) return;
      const spaces = await activeSpacesOf(db, owners);
      for (const [userId, space] of spaces) {
        try {
          const mine = docs.filter((d) => d.ownerUserId === userId).map(embeddingText);
          await fill(userId, embedderFor(space.provider, space.model), mine);
        } catch (error) {
          log.warn({ user: userId, err: error instanceof Error ? error.message : String(error) }, 'new tools not embedded into their owner\'s space; they keep default-space scores');
        }
      }
    },
  };
}
