import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCAL_MODEL, DEFAULT_MODEL_DIR } from '../../search/embedding/model-files.ts';
import { readModelSpec } from '../../search/embedding/model-spec.ts';

const root = join(import.meta.dirname, '..', '..');
const modelDir = DEFAULT_MODEL_DIR;

describe('scripts/fetch-model.mjs (the postinstall)', () => {
  it('has provided the default model from its pinned Maven Central jars, with licence and provenance recorded', () => {
    const manifest = JSON.parse(readFileSync(join(modelDir, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ name: DEFAULT_LOCAL_MODEL, dimensions: 384 });
    for (const file of ['model.onnx', 'model.int8.onnx', 'tokenizer.json']) {
      expect(manifest.sources[file]).toMatch(/^[0-9a-f]{64}$/);
      expect(manifest.urls[file]).toMatch(/^https:\/\/repo1\.maven\.org\/maven2\/dev\/langchain4j\/.+\.jar!\//);
    }
    expect(manifest.licence).toMatch(/MIT/);
    expect(statSync(join(modelDir, 'model.onnx')).size).toBeGreaterThan(100e6);
    expect(statSync(join(modelDir, 'model.int8.onnx')).size).toBeGreaterThan(30e6);
  });

  it('records how the model is run: e5 pools the mean and prefixes queries and passages', () => {
    expect(readModelSpec(modelDir)).toEqual({ name: 'e5-small-v2', pooling: 'mean', queryPrefix: 'query: ', documentPrefix: 'passage: ', thirdInput: 'token_type_ids', dimensions: 384, queryOptimization: 'extended' });
  });

  it('is idempotent and fast when the model is present (no network, no rewrite)', () => {
    const before = statSync(join(modelDir, 'model.onnx')).mtimeMs;
    const started = Date.now();
    // The catalog vectors it runs next have their own test (catalog-vectors.test.ts).
    execFileSync(process.execPath, [join(root, 'scripts', 'fetch-model.mjs')], { stdio: 'pipe', env: { ...process.env, SWITCHBOARD_SKIP_CATALOG_VECTORS: '1' } });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(statSync(join(modelDir, 'model.onnx')).mtimeMs).toBe(before);
  });

  it('refuses a model it does not know, naming the ones it does', () => {
    expect(() => execFileSync(process.execPath, [join(root, 'scripts', 'fetch-model.mjs'), 'no-such-model'], { stdio: 'pipe' })).toThrow(/unknown model no-such-model; known: e5-small-v2, bge-small-en-v1.5, all-minilm-l6-v2/);
  });
});
