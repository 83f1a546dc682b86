import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import pino from 'pino';
import type { Logger } from 'pino';
import { GroupStdioTransport } from '../../mcp/group-stdio-transport.ts';
import type { InstalledPackage, PackageLaunch, PackageRef } from '../../package-store/index.ts';
import { packageLaunchOf } from '../../package-store/index.ts';

/** Small catalog servers with no credentials and few dependencies: a time server from each registry. */
export const NPM_SERVER = 'time';
export const PYPI_SERVER = 'time-reference';

interface CatalogServer {
  name: string;
  tools: Array<{ name: string }>;
  launch: { type: string; command: string; args: string[]; package: PackageRef };
}

// Read as data: typing the 300-entry JSON module made tsc exceed its limits.
const catalog = JSON.parse(readFileSync(path.join(import.meta.dirname, '../../catalog/servers.json'), 'utf8')) as { servers: CatalogServer[] };

export function catalogEntry(name: string): CatalogServer {
  const entry = catalog.servers.find((s) => s.name === name);
  if (!entry || entry.launch.type !== 'stdio') throw new Error(`no stdio catalog entry ${name}`);
  return entry;
}

export const catalogLaunch = (name: string): PackageLaunch => packageLaunchOf(catalogEntry(name).launch);

const roots: string[] = [];

/** A fresh folder under the OS temp dir; removed by `removeStoreRoots` (each test file's afterAll). */
export function storeRoot(label: string): string {
  const root = mkdtempSync(path.join(tmpdir(), `sb-pkgstore-${label}-`));
  roots.push(root);
  return root;
}

export function removeStoreRoots(): void {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
}

/** A real pino logger whose lines the test reads (how many installs really ran). */
export function capturedLogger(): { logger: Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, sink), lines };
}

export const installsLogged = (lines: Array<Record<string, unknown>>) => lines.filter((l) => l.msg === 'package installed').length;

/** What the store holds besides caches and tools: installed packages, temp folders, locks. */
export function storeContents(root: string): { npm: string[]; pypi: string[]; tmp: string[]; locks: string[] } {
  const list = (dir: string) => (existsSync(path.join(root, dir)) ? readdirSync(path.join(root, dir)) : []);
  return { npm: list('npm'), pypi: list('pypi'), tmp: list('tmp'), locks: list('locks') };
}

/** Starts the installed server as the catalog launches it and lists its tools over MCP. */
export async function listToolsOf(installed: InstalledPackage, launch: PackageLaunch): Promise<string[]> {
  const work = storeRoot('work');
  const args = [...installed.args, ...launch.args.map((a) => a.replaceAll('${WORKDIR}', work))];
  const client = new Client({ name: 'package-store-test', version: '1.0.0' });
  const transport = new GroupStdioTransport({ command: installed.command, args, cwd: work, env: { HOME: work } });
  try {
    await client.connect(transport);
    const { tools } = await client.listTools();
    return tools.map((t) => t.name).sort();
  } finally {
    await client.close();
  }
}

/** Wall time of the package manager alone installing the same package into an empty folder (fresh cache). */
export function plainNpmInstallMs(spec: string): number {
  const dir = storeRoot('plain-npm');
  const started = Date.now();
  const result = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--cache', path.join(dir, '.npm-cache'), spec], { cwd: dir, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(result.stderr);
  return Date.now() - started;
}
