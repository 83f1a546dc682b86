// Builds the web console (console/) into console/dist with Vite when its sources changed since
// the last build, else does nothing. Run by `npm start` (scripts/start.mjs), `npm run api`
// (preapi), the test suite's global setup and `npm run console:build`.
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const consoleDir = join(root, 'console');
const distDir = join(consoleDir, 'dist');
const stampFile = join(distDir, '.sources.json');

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

/** Size and mtime of everything the build reads: the sources, the page, the config, the lock file. */
async function sourceStamp() {
  const inputs = [join(consoleDir, 'index.html'), join(consoleDir, 'vite.config.ts'), join(root, 'package-lock.json')];
  for await (const file of files(join(consoleDir, 'src'))) inputs.push(file);
  const stamp = {};
  for (const file of inputs.sort()) {
    const info = await stat(file);
    stamp[relative(root, file)] = `${info.size}:${info.mtimeMs}`;
  }
  return JSON.stringify(stamp);
}

const builtFrom = () => readFile(stampFile, 'utf8').catch(() => undefined);

/** Builds when needed; answers whether it built. Without Vite (an install without dev dependencies) it keeps what is there. */
export async function ensureConsoleBuilt({ log = (line) => process.stderr.write(`${line}\n`) } = {}) {
  const stamp = await sourceStamp();
  if ((await builtFrom()) === stamp) return false;
  let vite;
  try {
    vite = await import('vite');
  } catch {
    log('console: Vite is not installed (dev dependencies omitted); serving the console/dist already there, if any');
    return false;
  }
  const started = Date.now();
  log('console: building the web console (console/ → console/dist)…');
  // Built aside and swapped in: several starts at once (tests run several) never serve half a build.
  const aside = join(consoleDir, `.dist-${process.pid}`);
  await vite.build({ configFile: join(consoleDir, 'vite.config.ts'), logLevel: 'warn', build: { outDir: aside } });
  await writeFile(join(aside, '.sources.json'), stamp);
  const old = `${distDir}-old-${process.pid}`;
  await rename(distDir, old).catch(() => undefined);
  await rename(aside, distDir).catch(async () => rm(aside, { recursive: true, force: true }));
  await rm(old, { recursive: true, force: true });
  log(`console: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await ensureConsoleBuilt();
}
