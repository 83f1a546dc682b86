// `npm start` (and any entry given as argument): runs runtime/main.ts from one ESM bundle of our
// TypeScript instead of through tsx's loader, which spends about a second of every start
// resolving and transforming modules file by file (bench/boot.ts; docs/decisions.md, "Start from
// a bundle"). The bundle is rebuilt when any file it was built from changed, else reused.
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, version as esbuildVersion } from 'esbuild';
import { ensureConsoleBuilt } from './console-build.mjs';

/** Bump when the way the bundle is built changes, so old bundles are not reused. */
const RECIPE = 1;
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const entry = process.argv[2] ?? 'runtime/main.ts';
// Under node_modules/, not .cache/ (a link to another folder in CI): the bundle's bare imports
// resolve from where it lies, and node_modules/ is on that path.
const outDir = join(root, 'node_modules', '.cache', 'switchboard-start');
const base = join(outDir, entry.replace(/[^a-zA-Z0-9]+/g, '_'));
const outfile = `${base}.mjs`;
const manifestFile = `${base}.inputs.json`;

const signature = async (file) => stat(join(root, file)).then((s) => `${s.size}:${s.mtimeMs}`, () => 'missing');

async function isFresh() {
  const manifest = await readFile(manifestFile, 'utf8').then(JSON.parse, () => undefined);
  if (!manifest || manifest.recipe !== RECIPE || manifest.esbuild !== esbuildVersion) return false;
  const files = Object.keys(manifest.inputs);
  const now = await Promise.all(files.map(signature));
  return files.every((file, i) => manifest.inputs[file] === now[i]);
}

const NODE_MODULES = `${sep}node_modules${sep}`;

/**
 * Each source keeps its own location: `import.meta.url`/`dirname` become the original file's,
 * so paths next to a source (migrations, the catalog, worker-thread scripts, .cache/) resolve as
 * they do under tsx.
 */
const keepFileLocation = {
  name: 'keep-file-location',
  setup(builder) {
    builder.onLoad({ filter: /\.[cm]?[jt]s$/ }, async (args) => {
      if (args.path.includes(NODE_MODULES)) return undefined;
      const text = await readFile(args.path, 'utf8');
      const contents = text
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path));
      return { contents, loader: args.path.endsWith('.ts') ? 'ts' : 'js' };
    });
  },
};

async function bundle() {
  await mkdir(outDir, { recursive: true });
  const result = await build({
    entryPoints: [join(root, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    metafile: true,
    write: false,
    logLevel: 'warning',
    plugins: [keepFileLocation],
  });
  // Written aside and renamed: two starts at once (tests run several) never read half a file.
  for (const file of result.outputFiles) await replace(file.path, file.contents);
  const files = Object.keys(result.metafile.inputs).map((file) => relative(root, resolve(root, file)));
  files.push(relative(root, fileURLToPath(import.meta.url)));
  const inputs = Object.fromEntries(await Promise.all(files.map(async (file) => [file, await signature(file)])));
  await replace(manifestFile, JSON.stringify({ recipe: RECIPE, esbuild: esbuildVersion, inputs }));
}

async function replace(file, contents) {
  const aside = `${file}.${process.pid}`;
  await writeFile(aside, contents);
  await rename(aside, file);
}

if (!(await isFresh())) await bundle();
// The web console the service serves at /console (built only when its sources changed).
await ensureConsoleBuilt();
// Stack traces name the TypeScript sources, not the bundle.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(outfile).href);
