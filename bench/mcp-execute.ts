// What /mcp execute_tool adds over POST /v1/execute_tool, both over HTTP with echo (issue 11).
// Usage: npx tsx bench/mcp-execute.ts [--n 300] [--warmup 30] [--port 27450] [--temporal host:port]
// Needs Postgres and Temporal as for the tests (scripts/infra/*.sh).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { flags, out, percentiles, startService } from './execution/harness.ts';

const args = flags(process.argv.slice(2));
const n = Number(args.n ?? 300);
const warmup = Number(args.warmup ?? 30);
const port = Number(args.port ?? 27450);
if (args.temporal) process.env.TEMPORAL_ADDRESS = args.temporal;

const t = await startService();
await t.app.listen({ host: '127.0.0.1', port });
const base = `http://127.0.0.1:${port}`;
// Enterprise: no execution rate limit, so the figures are the two paths and not the limiter.
const user = await t.createUser({ plan: 'enterprise' });
const client = new Client({ name: 'bench', version: '0' });
await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: user.headers } }));

async function viaRest(i: number): Promise<number> {
  const t0 = performance.now();
  const r = await fetch(`${base}/v1/execute_tool`, {
    method: 'POST',
    headers: { ...user.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ tool_name: 'echo', params: { message: `m${i}` } }),
  });
  const body = await r.text();
  if (r.status !== 200) throw new Error(`/v1/execute_tool answered ${r.status}: ${body}`);
  return performance.now() - t0;
}

async function viaMcp(i: number): Promise<number> {
  const t0 = performance.now();
  const r = await client.callTool({ name: 'execute_tool', arguments: { tool_name: 'echo', params: { message: `m${i}` } } });
  if (r.isError) throw new Error(`/mcp execute_tool failed: ${JSON.stringify(r.content)}`);
  return performance.now() - t0;
}

// Interleaved, alternating which goes first, so drift in load or Temporal touches both alike.
const rest: number[] = [];
const mcp: number[] = [];
const added: number[] = [];
for (let i = 0; i < warmup + n; i++) {
  let viaMcpMs: number;
  let viaRestMs: number;
  if (i % 2) {
    viaMcpMs = await viaMcp(i);
    viaRestMs = await viaRest(i);
  } else {
    viaRestMs = await viaRest(i);
    viaMcpMs = await viaMcp(i);
  }
  if (i < warmup) continue;
  mcp.push(viaMcpMs);
  rest.push(viaRestMs);
  added.push(viaMcpMs - viaRestMs);
}
const r = percentiles(rest);
const m = percentiles(mcp);
const d = percentiles(added);
out(`echo over HTTP, ${n} interleaved pairs after ${warmup} warm-up pairs (ms)`);
out(`POST /v1/execute_tool        p50 ${r.p50}  p90 ${r.p90}  p99 ${r.p99}  mean ${r.mean}`);
out(`/mcp tools/call execute_tool p50 ${m.p50}  p90 ${m.p90}  p99 ${m.p99}  mean ${m.mean}`);
out(`added by /mcp (p50 of the differences ${d.p50}; p50 ${Math.round((m.p50 - r.p50) * 100) / 100}, p90 ${Math.round((m.p90 - r.p90) * 100) / 100})`);
await client.close();
await t.close();
process.exit(0);
