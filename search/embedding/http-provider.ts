import type { EmbeddingProvider } from './types.ts';
import { normalize } from './types.ts';

/** Options of an OpenAI-compatible embeddings endpoint. */
export interface HttpProviderOptions {
  /** e.g. `https://api.example.com/v1`; the provider POSTs to `{baseUrl}/embeddings`. */
  baseUrl: string;
  model: string;
  /** Sent as `Authorization: Bearer …` when set. */
  apiKey?: string;
  /** Vector length the model returns; checked on every answer. */
  dimensions: number;
  /** Texts per request (providers cap the input array). */
  batchSize?: number;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

interface EmbeddingsResponse {
  data?: { index?: number; embedding?: number[] }[];
}

/**
 * Provider for any server speaking the OpenAI embeddings API:
 * POST {baseUrl}/embeddings {model, input: string[]} → {data: [{index, embedding}]}.
 * Vectors are re-normalised here because not every compatible server returns unit vectors.
 */
export function createHttpProvider(options: HttpProviderOptions): EmbeddingProvider {
  const { baseUrl, model, apiKey, dimensions, batchSize = 64, timeoutMs = 30_000 } = options;
  const doFetch = options.fetchImpl ?? fetch;
  const url = `${baseUrl.replace(/\/+$/, '')}/embeddings`;

  async function embedBatch(input: string[]): Promise<Float32Array[]> {
    const res = await doFetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
      body: JSON.stringify({ model, input }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) {
      // The body may hold the provider's reason; keep it short, never echo the key.
      const detail = (await res.text().catch(() => '')).slice(0, 200);
      throw new Error(`embeddings endpoint ${url} answered ${res.status}: ${detail}`);
    }
    const body = (await res.json()) as EmbeddingsResponse;
    if (!Array.isArray(body.data) || body.data.length !== input.length) {
      throw new Error(`embeddings endpoint ${url} returned ${body.data?.length ?? 'no'} vectors for ${input.length} inputs`);
    }
    const out = new Array<Float32Array>(input.length);
    body.data.forEach((item, i) => {
      const index = item.index ?? i;
      if (!Array.isArray(item.embedding) || item.embedding.length !== dimensions) {
        throw new Error(`embeddings endpoint ${url} returned a vector of ${item.embedding?.length ?? 0} dimensions, expected ${dimensions}`);
      }
      out[index] = normalize(Float32Array.from(item.embedding));
    });
    return out;
  }

  return {
    id: `http:${model}`,
    dimensions,
    async embed(texts) {
      const out: Float32Array[] = [];
      for (let i = 0; i < texts.length; i += batchSize) out.push(...(await embedBatch(texts.slice(i, i + batchSize))));
      return out;
    },
  };
}
