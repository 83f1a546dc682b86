import type { Client } from '@temporalio/client';
import type { Database } from '../../../db/client.ts';
import type { Logger } from '../../../lib/logger.ts';
import type { SearchIndex } from '../../../search/service/search-index.ts';
import { createEmbeddingSettings } from './embedding-settings.ts';
import { createFeedback } from './feedback.ts';
import { createToolIndexing } from './index-tools.ts';
import { createRetriever } from './retrieve.ts';
import { createRetrievalVariants } from './retrieval-service.ts';

/**
 * Everything the discovery routes call: the three retrieval variants, query history and
 * feedback, the indexing API and embedding settings, over the process's one SearchIndex.
 */
export function createRetrievalService(deps: { db: Database; search: SearchIndex; temporal: { client: Client; taskQueue: string }; logger: Logger }) {
  const logger = deps.logger.child({ component: 'retrieval' });
  const retriever = createRetriever({ db: deps.db, search: deps.search, logger });
  return {
    search: deps.search,
    retriever,
    ...createRetrievalVariants({ db: deps.db, retriever, logger }),
    ...createFeedback({ db: deps.db, onSelection: () => retriever.history.invalidate() }),
    ...createToolIndexing({ db: deps.db, temporal: deps.temporal }),
    embedding: createEmbeddingSettings({ db: deps.db, temporal: deps.temporal, indexModel: () => deps.search.embedderId }),
  };
}

export type RetrievalService = ReturnType<typeof createRetrievalService>;
