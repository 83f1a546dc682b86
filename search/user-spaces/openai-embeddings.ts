import { normalize } from '../embedding/types.ts';

/** Where a user's provider is reached: an OpenAI-compatible embeddings API (EMBEDDING_API_URL, EMBEDDING_API_KEY). */
export interface EmbeddingApi {
  /** Base URL up to `/v1` (a URL ending in `/embeddings` is taken as the endpoint itself). */
  url: string;
  /** Sent as `Authorization: Bearer …`; never logged, never part of an error message. */
  apiKey?: string;
  /** The `vendor_model` values a user may choose. */
  models: string[];
}

/** A failed call: `retryable` for 429, 408, 5xx and no answer at all; a 4xx otherwise is final (bad model, bad key). */
export class EmbeddingEndpointError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryable: boolean,
    /** No answer within the time allowed (a caller may stop asking for a while). */
    readonly timedOut = false,
  ) {
    super(message);
    this.name = 'EmbeddingEndpointError';
  }
}

/** Vectors in input order (unit length, any dimension the model returns) and the tokens the endpoint billed. */
export interface EmbeddedTexts {
  vectors: Float32Array[];
  tokens: number;
}

/** One model of the endpoint. */
export interface SpaceEmbedder {
  /** The vector space's id, `openai:<model>`: stored with the vectors, so two models never mix. */
  readonly id: string;
  embed(texts: string[], options?: { timeoutMs?: number }): Promise<EmbeddedTexts>;
}

interface EmbeddingsAnswer {
  data?: { index?: number; embedding?: unknown }[];
  usage?: { prompt_tokens?: number; total_tokens?: number };
}

export const endpointOf = (url: string) => {
  const base = url.replace(/\/+$/, '');
  return base.endsWith('/embeddings') ? base : `${base}/embeddings`;
};

/** One client per model of an endpoint, made at first use and kept: a client holds only its model and endpoint. */
export function spaceEmbeddersOf(api: EmbeddingApi): (model: string) => SpaceEmbedder {
  const made = new Map<string, SpaceEmbedder>();
  return (model) => {
    let embedder = made.get(model);
    if (!embedder) made.set(model, (embedder = createSpaceEmbedder(api, model)));
    return embedder;
  };
}

/**
 * POST {url}/embeddings {model, input} → {data: [{index, embedding}], usage}, batched. It takes
 * whatever length the model returns, as long as one answer agrees with itself, and reports
 * the tokens for the user's usage.
 */
export function createSpaceEmbedder(api: EmbeddingApi, model: string, options: { batchSize?: number; fetchImpl?: typeof fetch } = {}): SpaceEmbedder {
  const endpoint = endpointOf(api.url);
  const batchSize = options.batchSize ?? 64;
  const doFetch = options.fetchImpl ?? fetch;
  // A provider's error text could quote what it was sent; the key is cut out of anything kept.
  const safe = (text: string) => (api.apiKey ? text.split(api.apiKey).join('***') : text).slice(0, 300);

  async function batch(input: string[], timeoutMs: number): Promise<EmbeddedTexts> {
    let res: Response;
    try {
      res = await doFetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(api.apiKey ? { authorization: `Bearer ${api.apiKey}` } : {}) },
        body: JSON.stringify({ model, input }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const why = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new EmbeddingEndpointError(`embeddings endpoint ${endpoint} did not answer (${safe(why)})`, null, true, timedOut);
    }
    if (!res.ok) {
      const detail = await res.text().catch(() => '');
      const retryable = res.status === 429 || res.status === 408 || res.status >= 500;
      throw new EmbeddingEndpointError(`embeddings endpoint ${endpoint} answered ${res.status}: ${safe(detail)}`, res.status, retryable);
    }
    const body = (await res.json().catch(() => ({}))) as EmbeddingsAnswer;
    if (!Array.isArray(body.data) || body.data.length !== input.length) {
      throw new EmbeddingEndpointError(`embeddings endpoint ${endpoint} returned ${Array.isArray(body.data) ? body.data.length : 'no'} vectors for ${input.length} texts`, res.status, false);
    }
    const vectors = new Array<Float32Array>(input.length);
    let dimensions = 0;
    body.data.forEach((item, i) => {
      const at = typeof item.index === 'number' ? item.index : i;
      const values = item.embedding;
      if (!Array.isArray(values) || values.length === 0 || !values.every((v) => typeof v === 'number' && Number.isFinite(v)) || at < 0 || at >= input.length) {
        throw new EmbeddingEndpointError(`embeddings endpoint ${endpoint} returned an item that is not an embedding`, res.status, false);
      }
      dimensions ||= values.length;
      if (values.length !== dimensions) throw new EmbeddingEndpointError(`embeddings endpoint ${endpoint} returned vectors of ${dimensions} and ${values.length} dimensions in one answer`, res.status, false);
      vectors[at] = normalize(Float32Array.from(values as number[]));
    });
    const tokens = body.usage?.prompt_tokens ?? body.usage?.total_tokens ?? 0;
    return { vectors, tokens };
  }

  return {
    id: `openai:${model}`,
    async embed(texts, opts = {}) {
      const out: EmbeddedTexts = { vectors: [], tokens: 0 };
      for (let i = 0; i < texts.length; i += batchSize) {
        const part = await batch(texts.slice(i, i + batchSize), opts.timeoutMs ?? 30_000);
        out.vectors.push(...part.vectors);
        out.tokens += part.tokens;
      }
      return out;
    },
  };
}
