import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * How a local model folder is run: written into its manifest.json by scripts/fetch-model.mjs,
 * so the folder describes itself and the provider, the worker threads and the catalog-vector
 * script all read one source. A manifest without these fields is the MiniLM conversion this
 * service shipped first (mean pooling, our own graph with a position_ids input, no prefixes).
 */
export interface LocalModelSpec {
  /** Model name: the provider id is `local:<name>`, the key of its stored vectors. */
  name: string;
  /** `mean` over the real tokens (sentence-transformers MiniLM, e5) or the `cls` token's state (bge). */
  pooling: 'mean' | 'cls';
  /** Text put before a query (e5 `"query: "`, bge's retrieval instruction) and before a document. */
  queryPrefix: string;
  documentPrefix: string;
  /**
   * The graph's third input: our own MiniLM graph takes `position_ids`; standard Hugging Face
   * BERT exports (the bge and e5 builds) take `token_type_ids` (all 0 for one sentence).
   */
  thirdInput: 'position_ids' | 'token_type_ids';
  dimensions: number;
  /**
   * onnxruntime's graph optimisation for the int8 query graph, the cheaper one per model (CPU per
   * query, one thread, measured interleaved): our MiniLM graph (DynamicQuantizeMatMul) is cheapest
   * at 'basic' (6.4 against 7.0 ms at 33 tokens); the Hugging Face int8 exports (MatMulInteger
   * after DynamicQuantizeLinear) at 'extended' (e5: 12.4 against 14.1 ms at 33 tokens, 21.6
   * against 25.0 at 62), whose fusions they were exported for. Not in the manifest: it does not
   * change the vectors (cosine > 0.9999), so it must not change the model's fingerprint.
   */
  queryOptimization: 'basic' | 'extended';
}

const MINILM = { name: 'all-minilm-l6-v2', dimensions: 384 };

/** The spec in `modelDir/manifest.json`; the first MiniLM's defaults for fields it lacks. Throws without a manifest. */
export function readModelSpec(modelDir: string): LocalModelSpec {
  const manifest = JSON.parse(readFileSync(join(modelDir, 'manifest.json'), 'utf8')) as Partial<LocalModelSpec>;
  const thirdInput = manifest.thirdInput === 'token_type_ids' ? 'token_type_ids' : 'position_ids';
  return {
    name: manifest.name ?? MINILM.name,
    pooling: manifest.pooling === 'cls' ? 'cls' : 'mean',
    queryPrefix: manifest.queryPrefix ?? '',
    documentPrefix: manifest.documentPrefix ?? '',
    thirdInput,
    dimensions: manifest.dimensions ?? MINILM.dimensions,
    queryOptimization: manifest.queryOptimization ?? (thirdInput === 'token_type_ids' ? 'extended' : 'basic'),
  };
}
