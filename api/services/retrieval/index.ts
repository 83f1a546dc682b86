import type { Client } from '@temporalio/client';
import type { Database } from '../../../db/client.ts';
import type { Logger } from '../../../platform/logger.ts';
import type { SearchIndex } from '../../../search/service/search-index.ts';
import { createEmbeddingSettings } from './embedding-settings.ts';
import { createFeedback } from './feedback.ts';
import { createHistory } from './history.ts';
import { createToolIndexing } from './index-tools.ts';
import { createRetrieve } from './retrieve.ts';
import { FactsCache } from './facts-cache.ts';
import { ScopeCache } from './scope-cache.ts';
import { createUserSpaces } from './user-spaces.ts';
import type { EmbeddingApi } from '../../../search/user-spaces/openai-embeddings.ts';

export type { Caller } from './caller.ts';
export type { Retrieval } from './retrieve.ts';

/**
 * Everything the faces call for discovery: `retrieve(caller, request)` (every retrieval variant
 * and the MCP face's retrieve_tools), query history and feedback, the indexing API and
 * embedding settings, over the process's one SearchIndex.
 */
export function createRetrievalService(deps: { db: Database; search: SearchIndex; temporal: { client: Client; taskQueue: string }; logger: Logger; embeddingApi?: EmbeddingApi }) {
  const logger = deps.logger.child({ component: 'retrieval' });
  const history = createHistory(deps.db, logger);
  const spaces = createUserSpaces({ db: deps.db, search: deps.search, api: deps.embeddingApi, logger });
  const scopes = new ScopeCache();
  // Embedded mode only: it follows the database's writes from here on (facts-cache.ts).
  const facts = new FactsCache(deps.db, logger);
  void facts.start();
  return {
    retrieve: createRetrieve({ db: deps.db, search: deps.search, history, logger, spaces, scopes, facts }),
    /** The availability facts kept for retrievals (tests, benches). */
    facts,
    ...createFeedback({ db: deps.db, onSelection: () => history.invalidate() }),
    ...createToolIndexing({ db: deps.db, temporal: deps.temporal }),
    embedding: createEmbeddingSettings({ db: deps.db, temporal: deps.temporal, indexModel: () => deps.search.embedderId, api: deps.embeddingApi }),
  };
}

export type RetrievalService = ReturnType<typeof createRetrievalService>;
