import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import type { StdioLaunch } from './launch-config.ts';

/** Registry names of the four npm reference servers shipped as dependencies. */
export const REFERENCE_SERVER_NAMES = ['everything', 'memory', 'filesystem', 'sequential-thinking'] as const;
export type ReferenceServerName = (typeof REFERENCE_SERVER_NAMES)[number];

const PACKAGES: Record<ReferenceServerName, string> = {
  everything: '@modelcontextprotocol/server-everything',
  memory: '@modelcontextprotocol/server-memory',
  filesystem: '@modelcontextprotocol/server-filesystem',
  'sequential-thinking': '@modelcontextprotocol/server-sequential-thinking',
};

const require = createRequire(import.meta.url);

/** Read once per process: every run of a reference server's tool resolves its launch (issue 14, item 4). */
const bins = new Map<string, string>();

/**
 * Absolute path of a package's bin script, read from its package.json `bin`.
 * We run it with our own node binary rather than npx: no network, no PATH lookup.
 */
export function resolvePackageBin(packageName: string): string {
  let bin = bins.get(packageName);
  if (bin === undefined) {
    bin = readPackageBin(packageName);
    bins.set(packageName, bin);
  }
  return bin;
}

function readPackageBin(packageName: string): string {
  const manifestPath = require.resolve(`${packageName}/package.json`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { bin?: string | Record<string, string> };
  const bin = typeof manifest.bin === 'string' ? manifest.bin : Object.values(manifest.bin ?? {})[0];
  if (!bin) throw new Error(`package ${packageName} declares no bin`);
  return resolve(dirname(manifestPath), bin);
}

/**
 * Launch configs of the reference servers, keyed by registry name.
 * - everything: `stdio` selects its stdio transport (its CLI also offers sse, streamableHttp).
 * - memory: MEMORY_FILE_PATH puts its knowledge graph in `<dataDir>/memory.jsonl`
 *   instead of inside node_modules.
 * - filesystem: confined to `<dataDir>/filesystem`, created here because the server
 *   refuses to start on a missing directory.
 */
export function referenceServers(dataDir: string): Record<ReferenceServerName, StdioLaunch> {
  const root = resolve(dataDir);
  const fsRoot = join(root, 'filesystem');
  mkdirSync(fsRoot, { recursive: true });
  const node = (name: ReferenceServerName, args: string[] = [], env?: Record<string, string>): StdioLaunch => ({
    type: 'stdio',
    command: process.execPath,
    args: [resolvePackageBin(PACKAGES[name]), ...args],
    ...(env ? { env } : {}),
  });
  return {
    everything: node('everything', ['stdio']),
    memory: node('memory', [], { MEMORY_FILE_PATH: join(root, 'memory.jsonl') }),
    filesystem: node('filesystem', [fsRoot]),
    'sequential-thinking': node('sequential-thinking'),
  };
}
