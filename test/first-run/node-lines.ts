import { execFileSync, spawn } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * The Node lines the fresh-start test runs `npm start` under: the machine's own, and 24 (the
 * newest LTS a new user most likely has). Node 24 comes from the npm registry's `node` package,
 * which carries the binary for this platform, installed once into .cache/node-24.
 */

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const NODE_24_PREFIX = `${repoRoot}.cache/node-24`;
const NODE_24_BIN = `${NODE_24_PREFIX}/node_modules/node/bin/node`;

export interface NodeLine {
  label: string;
  /** Real path of the node binary; the service process must be running exactly this file. */
  binary: string;
  /** Put first on PATH so `npm`, `tsx` and the service resolve `node` to this binary. */
  binDir: string;
  version: string;
}

function describeBinary(label: string, binary: string): NodeLine {
  const version = execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
  return { label, binary: realpathSync(binary), binDir: dirname(binary), version };
}

/** The Node that runs this test (the machine's, under `npm test`). */
export function machineNode(): NodeLine {
  return describeBinary('machine', process.execPath);
}

function installNode24(): Promise<void> {
  return new Promise((resolve, reject) => {
    process.stderr.write(`[fresh-start] installing Node 24 into ${NODE_24_PREFIX} (npm package node@24, once)\n`);
    const child = spawn(
      'npm',
      ['install', '--prefix', NODE_24_PREFIX, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', 'node@24'],
      // Without the npm_config_* of an enclosing `npm test`: this install has its own prefix.
      { cwd: repoRoot, stdio: ['ignore', 2, 2], env: Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('npm_'))) },
    );
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`npm install node@24 exited with ${code}`))));
  });
}

/** Node 24 from .cache/node-24, installed through npm when missing or not a 24. */
export async function node24(): Promise<NodeLine> {
  const works = () => existsSync(NODE_24_BIN) && describeBinary('24', NODE_24_BIN).version.startsWith('v24.');
  if (!works()) await installNode24();
  const line = describeBinary('24', NODE_24_BIN);
  if (!line.version.startsWith('v24.')) throw new Error(`${NODE_24_BIN} is ${line.version}, not a Node 24`);
  return line;
}
