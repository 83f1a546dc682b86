// The pack endpoints: what one list_changed check costs per (user, pack), and what a tools/call
// through /mcp/packs/{id} adds over POST /v1/execute_tool for echo, both over HTTP.
// Usage: npx tsx bench/mcp-packs.ts [--n 200] [--warmup 20] [--port 27510] [--temporal host:port]
// Needs Postgres and Temporal as for the tests (scripts/infra/*.sh).
import { loadavg } from 'node:os';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { loadListing } from '../api/mcp-face/packs/tool-set-server.ts';
import { packToolSet } from '../api/services/registry/tool-sets.ts';
import { findUserById } from '../db/users.ts';
import { flags, out, percentiles, startService, timed } from './execution/harness.ts';

const args = flags(process.argv.slice(2));
const n = Number(args.n ?? 200);
const warmup = Number(args.warmup ?? 20);
const port = Number(args.port ?? 27510);
if (args.temporal) process.env.TEMPORAL_ADDRESS = args.temporal;

const load = () => loadavg().map((v) => v.toFixed(2)).join(' ');
out(`load average before: ${load()}`);
const t = await startService();
try {
  // Enterprise: no execution rate limit, so the figures are the paths and not the limiter.
  const account = await t.createUser({ plan: 'enterprise' });
  const pack = await t.app.inject({ method: 'POST', url: '/custom-packs/packs', headers: account.headers, payload: { name: 'bench', description: 'bench', servers: ['everything'] } });
  const packId = pack.json().id as string;
  await t.app.listen({ port, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${port}`;

  // What the poller does once per (user, pack) and tick: read the set, render and hash it.
  const user = (await findUserById(t.db, account.user.id))!;
  // The tool set reads the database only.
  const deps = { db: t.db } as Parameters<typeof packToolSet>[0];
  // The listing as the change poller reads it: the pack's tools and their availability states.
  const scope = { key: `pack:${packId}`, label: packId, load: (d: typeof deps, u: typeof user) => packToolSet(d, u, packId) };
  const check = async () => {
    await loadListing(deps, scope, user);
  };
  await timed(warmup, check);
  const checks = percentiles(await timed(n, check));

  const rest = async (i: number) => {
    const r = await fetch(`${base}/v1/execute_tool`, {
      method: 'POST',
      headers: { ...account.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ tool_name: 'everything/echo', params: { message: `m${i}` } }),
    });
    if (r.status !== 200) throw new Error(`execute_tool answered ${r.status}: ${await r.text()}`);
    await r.arrayBuffer();
  };
  const client = new Client({ name: 'bench', version: '0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp/packs/${packId}`), { requestInit: { headers: account.headers } }));
  const mcp = async (i: number) => {
    const r = await client.callTool({ name: 'everything__echo', arguments: { message: `m${i}` } });
    if (r.isError) throw new Error(`tools/call failed: ${JSON.stringify(r.content)}`);
  };
  await timed(warmup, rest);
  await timed(warmup, mcp);
  // Interleaved rounds, so drifting load weighs on both alike.
  const restTimes: number[] = [];
  const mcpTimes: number[] = [];
  for (let i = 0; i < n; i++) {
    restTimes.push(...(await timed(1, () => rest(i))));
    mcpTimes.push(...(await timed(1, () => mcp(i))));
  }
  await client.close();
  const r = percentiles(restTimes);
  const m = percentiles(mcpTimes);
  out(`list_changed check (pack with server-everything, ${(await loadListing(deps, scope, user)).tools.length} tools), ${n} runs (ms): p50 ${checks.p50}  p90 ${checks.p90}  p99 ${checks.p99}`);
  out(`echo over HTTP, ${n} interleaved calls each after ${warmup} warm-up (ms)`);
  out(`POST /v1/execute_tool           p50 ${r.p50}  p90 ${r.p90}  p99 ${r.p99}  mean ${r.mean}`);
  out(`tools/call /mcp/packs/{id}      p50 ${m.p50}  p90 ${m.p90}  p99 ${m.p99}  mean ${m.mean}`);
  out(`added by the pack endpoint      p50 ${Math.round((m.p50 - r.p50) * 10) / 10}  p99 ${Math.round((m.p99 - r.p99) * 10) / 10}`);
} finally {
  await t.close();
  out(`load average after: ${load()}`);
}
process.exit(0);
