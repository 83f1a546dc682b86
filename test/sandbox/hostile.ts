import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { GroupStdioTransport } from '../../mcp/group-stdio-transport.ts';
import { sandboxedCommand } from '../../sandbox/index.ts';
import type { SandboxSpec } from '../../sandbox/index.ts';

/**
 * The hostile server bundled into one file in a folder of its own: what a catalog package is
 * to the sandbox (a read-only folder), without binding the repository's node_modules.
 */
export async function bundleHostileServer(): Promise<{ root: string; packageDir: string; entry: string; cleanup: () => void }> {
  const root = mkdtempSync(join(tmpdir(), 'switchboard-sandbox-test-'));
  const packageDir = join(root, 'store', 'hostile@1.0.0');
  mkdirSync(packageDir, { recursive: true });
  const entry = join(packageDir, 'server.mjs');
  // Loaded here only: the non-root run bundles launchHostile into a file that must not need esbuild.
  const { build } = await import('esbuild');
  await build({
    entryPoints: [fileURLToPath(new URL('./fixtures/hostile-server.ts', import.meta.url))],
    outfile: entry,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    // Bundled CommonJS dependencies call require(); ESM output has none of its own.
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  });
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
