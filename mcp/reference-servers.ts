import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import type { StdioLaunch } from './launch-config.ts';

/** Registry names of the four npm reference servers shipped as dependencies. */
export const REFERENCE_SERVER_NAMES = ['everything', 'memory', 'filesystem', 'sequential-thinking'] as const;
export type ReferenceServerName = (typeof REFERENCE_SERVER_NAMES)[number];

/**
 * The servers that keep data: every user runs an instance of their own, with their own graph
 * file and folder (issue 33, item 2: one shared process let user B read and change user A's
 * data). The others keep nothing between calls and stay shared.
 */
export const PER_USER_REFERENCE_SERVERS: readonly ReferenceServerName[] = ['memory', 'filesystem'];

/** The npm package of each reference server (the registry publishes it as the server's package). */
export const REFERENCE_PACKAGES: Readonly<Record<ReferenceServerName, string>> = {
  everything: '@modelcontextprotocol/server-everything',
  memory: '@modelcontextprotocol/server-memory',
  filesystem: '@modelcontextprotocol/server-filesystem',
  'sequential-thinking': '@modelcontextprotocol/server-sequential-thinking',
};

/**
 * server-everything's `gzip-file-as-resource` fetches any http(s) URL it is given (redirects
 * followed) unless its host is in GZIP_ALLOWED_DOMAINS, and it reads an empty or unset list as
 * "every domain" (issue 33, item 1: a free user read the Temporal UI on loopback with it). It
 * keeps an entry when `hostname === entry` or ends in `.entry`; `<` is a forbidden host code
 * point of the WHATWG URL parser, so no URL's hostname can ever match this one: every http(s)
 * fetch is refused before any DNS lookup or connect, and only `data:` URIs still work.
 */
export const NO_FETCH_DOMAIN = '<none>';

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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The folder name of a user's data under `<dataDir>/users/`: the id itself when it is a
 * lowercase UUID (what accounts have, so an operator finds the folder by id), otherwise `h`
 * and its sha256, which cannot be a UUID, so two ids never share a folder. Either way only
 * [0-9a-f-h]: no separator, no `..`, whatever the id holds.
 */
export function userFolderName(userId: string): string {
  return UUID.test(userId) ? userId : `h${createHash('sha256').update(userId).digest('hex')}`;
}

/**
 * Launch config of one reference server whose data lives in `workDir`, the instance's own
 * folder (domain/launch.ts gives each user's instance its own).
 * - everything: `stdio` selects its stdio transport; GZIP_ALLOWED_DOMAINS: see NO_FETCH_DOMAIN.
 * - memory: MEMORY_FILE_PATH puts its knowledge graph in the folder, not in node_modules.
 * - filesystem: confined to the folder (the server refuses any path outside it, `..` and
 *   symlinks resolved), created here because the server refuses to start on a missing one.
 */
export function referenceServerLaunch(workDir: string, name: ReferenceServerName): StdioLaunch {
  const home = resolve(workDir);
  const node = (args: string[] = [], env?: Record<string, string>): StdioLaunch => ({
    type: 'stdio',
    command: process.execPath,
    args: [resolvePackageBin(REFERENCE_PACKAGES[name]), ...args],
    ...(env ? { env } : {}),
  });
  switch (name) {
    case 'everything':
      return node(['stdio'], { GZIP_ALLOWED_DOMAINS: NO_FETCH_DOMAIN });
    case 'memory':
      mkdirSync(home, { recursive: true });
      return node([], { MEMORY_FILE_PATH: join(home, 'memory.jsonl') });
    case 'filesystem':
      mkdirSync(home, { recursive: true });
      return node([home]);
    case 'sequential-thinking':
      return node();
  }
}

/** Launch configs of all four, each with its folder `<dataDir>/<name>` (library use and tests). */
export function referenceServers(dataDir: string): Record<ReferenceServerName, StdioLaunch> {
  return Object.fromEntries(REFERENCE_SERVER_NAMES.map((name) => [name, referenceServerLaunch(join(dataDir, name), name)])) as Record<ReferenceServerName, StdioLaunch>;
}
