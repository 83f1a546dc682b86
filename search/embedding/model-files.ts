import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { modelFingerprint } from './vector-file.ts';

/**
 * Where the local model and the bundled catalog's precomputed vectors live. A module without
 * heavy imports: the install-time check (scripts/catalog-vectors.ts) reads it in milliseconds.
 */
const CACHE = join(import.meta.dirname, '..', '..', '.cache');

/**
 * The service's local model (docs/retrieval.md "Embeddings": chosen by the dev split's held-out
 * figures); keep in step with DEFAULT_MODEL in scripts/fetch-model.mjs, which provides it.
 */
export const DEFAULT_LOCAL_MODEL = 'e5-small-v2';

/** Where scripts/fetch-model.mjs puts a model (`node scripts/fetch-model.mjs <name>`). */
export const modelDirOf = (name: string) => join(CACHE, 'models', name);

/** Where scripts/fetch-model.mjs (postinstall) puts the default model. */
export const DEFAULT_MODEL_DIR = modelDirOf(DEFAULT_LOCAL_MODEL);

/** The files createLocalModel opens: the tokenizer, the document model, the int8 query model, the run spec. */
export const MODEL_FILES = ['tokenizer.json', 'model.onnx', 'model.int8.onnx', 'manifest.json'] as const;

/**
 * Document vectors of the bundled catalog, computed at install (scripts/catalog-vectors.ts).
 * One file per model: a file of another model is never read for this one (its header says so too).
 */
export const catalogVectorFileOf = (name: string) => join(CACHE, 'vectors', `${name}.vec`);

/** The default model's catalog vectors. */
export const CATALOG_VECTOR_FILE = catalogVectorFileOf(DEFAULT_LOCAL_MODEL);

/** Fingerprint of the model files in `modelDir` (its manifest), or undefined without one. */
export function localModelFingerprint(modelDir = DEFAULT_MODEL_DIR): string | undefined {
  try {
    return modelFingerprint(readFileSync(join(modelDir, 'manifest.json'), 'utf8'));
  } catch {
    return undefined;
  }
}
