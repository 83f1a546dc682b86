import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { registerSearchAttributes } from '../../execution/helpers/setup.ts';
import { startProcess } from '../../execution/helpers/processes.ts';
import type { ServiceProcess } from '../../execution/helpers/processes.ts';
import { createTestApp } from '../../support/test-app.ts';
import type { TestApp } from '../../support/test-app.ts';
import { cleanTool, startMutableServer } from './mutable-server.ts';

/** The server the approval tests call: one tool per default by annotation. */
export const RISKY_SERVER = 'risky-http';
export const riskyTools = (): Tool[] => [
  { ...cleanTool('wipe_records', 'Deletes the records numbered a to b.'), annotations: { destructiveHint: true } },
  { ...cleanTool('read_records', 'Reads the records numbered a to b.'), annotations: { readOnlyHint: true, destructiveHint: true } },
  { ...cleanTool('fetch_page', 'Fetches pages a to b from the web.'), annotations: { openWorldHint: true } },
  cleanTool('add_numbers', 'Adds two numbers.'),
];

/** Registers the test server at `mcpUrl` as an admin's registry entry (its tools listed and pinned) and enables it for `headers`. */
export async function addRiskyServer(t: TestApp, mcpUrl: string, users: Record<string, string>[]): Promise<void> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/admin/mcp_registry',
    headers: t.adminHeaders,
    payload: { name: RISKY_SERVER, display_name: 'Risky', description: 'records', url: 'https://example.com', icon: 'server', category: 'custom', tools_count: 0, launch: { type: 'streamable-http', url: mcpUrl } },
  });
  if (created.statusCode !== 201) throw new Error(`server not created: ${created.statusCode} ${created.body}`);
  for (const headers of users) {
    const toggled = await t.app.inject({ method: 'POST', url: '/mcp_servers/toggle', headers, payload: { server: RISKY_SERVER, enabled: true } });
    if (toggled.statusCode !== 200) throw new Error(`toggle: ${toggled.statusCode} ${toggled.body}`);
  }
}

/**
 * The service as separate processes (`npm run worker` / `npm run api`, so a test can SIGKILL
 * them while calls wait), a worker started, and the recording test server with the risky tools.
 */
export async function startProcessRig(env: Record<string, string>) {
  const t = await createTestApp({ worker: false, env });
  await registerSearchAttributes(t.temporal.client, t.temporal.namespace);
  const processes: ServiceProcess[] = [];
  const start = async (kind: 'worker' | 'api', extra: Record<string, string> = {}) => {
    const p = await startProcess(kind, t, { ...env, ...extra });
    processes.push(p);
    return p;
  };
  const killAll = async () => {
    for (const p of processes.splice(0)) await p.kill();
  };
  await start('worker');
  const upstream = await startMutableServer(riskyTools());
  const close = async () => {
    await killAll();
    await upstream.close();
    await t.close();
  };
  return { t, upstream, start, killAll, close };
}
