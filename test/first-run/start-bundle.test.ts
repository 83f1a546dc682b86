import { execFile } from 'node:child_process';
import { mkdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

// scripts/start.mjs, which `npm start` runs: our TypeScript as one bundle, rebuilt when a source
// changed, with each source's own location kept. Probed with a two-file entry in test/.work/.

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));
const dir = join(root, 'test', '.work', `start-bundle-${process.pid}`);
const entry = join('test', '.work', `start-bundle-${process.pid}`, 'entry.ts');
const bundle = join(root, 'node_modules', '.cache', 'switchboard-start', `${entry.replace(/[^a-zA-Z0-9]+/g, '_')}.mjs`);

async function start(): Promise<{ word: string; url: string; dirname: string; readsSibling: boolean }> {
  const { stdout } = await run(process.execPath, ['scripts/start.mjs', entry], { cwd: root });
  return JSON.parse(stdout);
}

async function writeWord(word: string, mtime: Date): Promise<void> {
  const file = join(dir, 'word.ts');
  await writeFile(file, `export const word: string = '${word}';\n`);
  await utimes(file, mtime, mtime);
}

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  for (const file of [bundle, `${bundle}.map`, bundle.replace(/\.mjs$/, '.inputs.json')]) await rm(file, { force: true });
});

describe('npm start runs a bundle of the sources', () => {
  it('keeps each file where it is, and rebuilds when a source changes', async () => {
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'sibling.txt'), 'next to the entry');
    await writeFile(
      join(dir, 'entry.ts'),
      [
        "import { existsSync } from 'node:fs';",
        "import { fileURLToPath } from 'node:url';",
        "import { word } from './word.ts';",
        "const sibling = fileURLToPath(new URL('./sibling.txt', import.meta.url));",
        'process.stdout.write(JSON.stringify({ word, url: import.meta.url, dirname: import.meta.dirname, readsSibling: existsSync(sibling) }));',
        '',
      ].join('\n'),
    );
    await writeWord('first', new Date(2026, 0, 1));
    const first = await start();
    expect(first).toEqual({ word: 'first', url: `file://${join(dir, 'entry.ts')}`, dirname: dir, readsSibling: true });

    // Same size, another time stamp: a change the size alone would miss.
    await writeWord('again', new Date(2026, 0, 2));
    expect((await start()).word).toBe('again');
    // Unchanged: the bundle is reused (not written again) and says the same.
    const built = (await stat(bundle)).mtimeMs;
    expect((await start()).word).toBe('again');
    expect((await stat(bundle)).mtimeMs).toBe(built);
  });
});
