import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { modelFingerprint } from './vector-file.ts';

/**
 * Where the local model and the bundled catalog's precomputed vectors live. A module without
 * heavy imports: the install-time check (scripts/catalog-vectors.ts) reads it in milliseconds.
 */
const CACHE = join(import.meta.dirname, '..', '..', '.cache');

/** Where scripts/fetch-model.mjs (postinstall) puts the model. */
export const DEFAULT_MODEL_DIR = join(CACHE, 'models', 'all-minilm-l6-v2');

/** The files createLocalMiniLm opens: the tokenizer, the document model, the int8 query model. */
export const MODEL_FILES = ['tokenizer.json', 'model.onnx', 'model.int8.onnx'] as const;

/** Document vectors of the bundled catalog, computed at install (scripts/catalog-vectors.ts). */
export const CATALOG_VECTOR_FILE = join(CACHE, 'vectors', 'all-minilm-l6-v2.vec');

/** Fingerprint of the model files in `modelDir` (its manifest), or undefined without one. */
export function localModelFingerprint(modelDir = DEFAULT_MODEL_DIR): string | undefined {
  try {
    return modelFingerprint(readFileSync(join(modelDir, 'manifest.json'), 'utf8'));
  } catch {
    return undefined;
  }
}
