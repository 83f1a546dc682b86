// Starts one server over stdio, runs initialize + tools/list (all pages) and stops it.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { z } from 'zod';

// Deliberately looser than the SDK's ListToolsResultSchema: older servers publish
// schemas without `type: "object"` (e.g. a root `$ref`), and the SDK would reject the
// whole page. build-entry.ts normalizes what comes back.
const lenientToolsPage = z.looseObject({
  tools: z.array(z.looseObject({ name: z.string(), description: z.string().optional(), inputSchema: z.unknown() })),
  nextCursor: z.string().optional(),
});
type RawTool = z.infer<typeof lenientToolsPage>['tools'][number];

export interface ListedServer {
  tools: RawTool[];
  serverName?: string;
  serverTitle?: string;
}

export interface LaunchSpec {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd: string;
}

const CONNECT_TIMEOUT_MS = 45_000;
const PAGE_TIMEOUT_MS = 20_000;
const MAX_PAGES = 50;

/** Lists a server's tools; the error carries the tail of its stderr to say why it failed. */
export async function listTools(spec: LaunchSpec): Promise<ListedServer> {
  const transport = new StdioClientTransport({ ...spec, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const client = new Client({ name: 'switchboard-catalog-harvest', version: '1.0.0' });
  try {
    await client.connect(transport, { timeout: CONNECT_TIMEOUT_MS });
    const tools: RawTool[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const params = cursor ? { cursor } : {};
      const result = await client.request({ method: 'tools/list', params }, lenientToolsPage, { timeout: PAGE_TIMEOUT_MS });
      tools.push(...result.tools);
      cursor = result.nextCursor;
      if (!cursor) break;
    }
    const info = client.getServerVersion();
    return { tools, serverName: info?.name, serverTitle: info?.title };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`${message}\n--- stderr ---\n${stderr.slice(-1500)}`);
  } finally {
    const pid = transport.pid;
    await client.close().catch(() => undefined);
    // Some servers ignore SIGTERM while busy; a leftover process would hold a core.
    if (pid) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already exited
      }
    }
  }
}
