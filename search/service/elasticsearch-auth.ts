/** The Elasticsearch credentials of the configuration (platform/config.ts checks they come whole). */
export interface ElasticsearchCredentials {
  ELASTICSEARCH_USERNAME?: string;
  ELASTICSEARCH_PASSWORD?: string;
  ELASTICSEARCH_API_KEY?: string;
}

/**
 * The client's `auth` option: an API key, or a user and password, for an Elasticsearch with
 * security on (the compose shape); none for the test and development servers, which run without.
 */
export function elasticsearchAuth(config: ElasticsearchCredentials): { apiKey: string } | { username: string; password: string } | undefined {
  if (config.ELASTICSEARCH_API_KEY) return { apiKey: config.ELASTICSEARCH_API_KEY };
  if (config.ELASTICSEARCH_USERNAME && config.ELASTICSEARCH_PASSWORD) return { username: config.ELASTICSEARCH_USERNAME, password: config.ELASTICSEARCH_PASSWORD };
  return undefined;
}

/** The same credentials as an Authorization header, for a plain `fetch` (the health probe). */
export function elasticsearchAuthHeaders(config: ElasticsearchCredentials): Record<string, string> {
  const auth = elasticsearchAuth(config);
  if (!auth) return {};
  if ('apiKey' in auth) return { authorization: `ApiKey ${auth.apiKey}` };
  return { authorization: `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}` };
}
