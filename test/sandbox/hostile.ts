import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { SyncedEntry } from '../../db/registry/sync.ts';
import { GroupStdioTransport } from '../../mcp/group-stdio-transport.ts';
import { documentedDefinition } from '../../domain/trust/tool-pin.ts';
import { sandboxedCommand } from '../../sandbox/index.ts';
import type { SandboxSpec } from '../../sandbox/index.ts';
import { bundleFixtureServer } from '../support/bundle-fixture.ts';
import { packNpmPackage } from '../support/npm-registry-stub.ts';

/**
 * The hostile server bundled into one file in a folder of its own: what a catalog package is
 * to the sandbox (a read-only folder), without binding the repository's node_modules.
 */
export async function bundleHostileServer(): Promise<{ root: string; packageDir: string; entry: string; cleanup: () => void }> {
  const root = mkdtempSync(join(tmpdir(), 'switchboard-sandbox-test-'));
  const packageDir = join(root, 'store', 'hostile@1.0.0');
  mkdirSync(packageDir, { recursive: true });
  const entry = join(packageDir, 'server.mjs');
  await bundleFixtureServer(new URL('./fixtures/hostile-server.ts', import.meta.url), entry);
  return { root, packageDir, entry, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

export interface Launched {
  client: Client;
  transport: GroupStdioTransport;
  /** Calls a tool and parses its JSON report. */
  call<T = Record<string, unknown>>(tool: string, args?: Record<string, unknown>): Promise<T>;
  close(): Promise<void>;
}

/**
 * Starts the hostile server through sandboxedCommand and connects the SDK's Client over our
 * GroupStdioTransport. `spawnEnv` is added under the sandbox's env, as a careless spawner would.
 */
export async function launchHostile(entry: string, spec: SandboxSpec, spawnEnv: Record<string, string> = {}): Promise<Launched> {
  const sandboxed = sandboxedCommand(process.execPath, [entry], spec);
  const transport = new GroupStdioTransport({ command: sandboxed.command, args: sandboxed.args, env: { ...spawnEnv, ...sandboxed.env } });
  const stderr: string[] = [];
  transport.stderr.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const client = new Client({ name: 'sandbox-test', version: '1.0.0' });
  try {
    await client.connect(transport);
  } catch (error) {
    throw new Error(`the sandboxed server did not start: ${(error as Error).message}; stderr: ${stderr.join('')}`);
  }
  return {
    client,
    transport,
    async call<T>(tool: string, args: Record<string, unknown> = {}) {
      const result = await client.callTool({ name: tool, arguments: args }, undefined, { timeout: 30_000 });
      const content = result.content as Array<{ type: string; text: string }>;
      return JSON.parse(content[0]!.text) as T;
    },
    close: () => client.close(),
  };
}

/** The bundled server as an npm package a registry stub can serve, and the registry entry that runs it. */
export interface PublishedServer {
  tarball: Buffer;
  /** The registry entry of a catalog server running `name@1.0.0` from npm, with the tools it lists (all, or those named). */
  entry(server: string, tools?: string[]): SyncedEntry;
}

/**
 * Packs the bundled server as npm package `name@1.0.0` (its bin: `server.mjs`) and lists its
 * tools once in the sandbox, as a harvest's tools/list would, for tests that publish it on a
 * registry stub and run it the whole way through the service.
 */
export async function publishBundledServer(bundle: { root: string; packageDir: string; entry: string }, name: string): Promise<PublishedServer> {
  const lister = await launchHostile(bundle.entry, { readOnly: [bundle.packageDir], workDir: join(bundle.root, 'lister'), egress: 'none', env: {} });
  const { tools } = await lister.client.listTools();
  await lister.close();
  const tarball = packNpmPackage({ name, version: '1.0.0', type: 'module', bin: { [name]: 'server.mjs' } }, { 'server.mjs': readFileSync(bundle.entry) });
  return {
    tarball,
    entry: (server, only) => ({
      name: server,
      displayName: server,
      description: `A stdio server written for the tests (${name})`,
      version: '1.0.0',
      url: `https://example.invalid/${server}`,
      icon: '',
      category: 'development',
      tags: [],
      launch: { type: 'catalog', transport: 'stdio', command: 'npx', args: ['-y', `${name}@1.0.0`], package: { registry: 'npm', name, version: '1.0.0' } },
      authentication: null,
      rateLimit: null,
      supportedPlatforms: [],
      source: 'catalog',
      toolsSource: 'tools/list',
      tools: tools
        .filter((tool) => !only || only.includes(tool.name))
        .map((tool) => documentedDefinition(tool)),
    }),
  };
}
