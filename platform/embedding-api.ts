import type { EmbeddingApi } from '../search/user-spaces/openai-embeddings.ts';
import type { Config } from './config.ts';

/** The endpoint of users' own vector spaces from the configuration; undefined when EMBEDDING_API_URL is not set. */
export function embeddingApi(config: Pick<Config, 'EMBEDDING_API_URL' | 'EMBEDDING_API_KEY' | 'EMBEDDING_MODELS'>): EmbeddingApi | undefined {
  if (!config.EMBEDDING_API_URL) return undefined;
  return { url: config.EMBEDDING_API_URL, apiKey: config.EMBEDDING_API_KEY, models: config.EMBEDDING_MODELS.split(',') };
}
