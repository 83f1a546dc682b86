// What /v1/execute_tool adds over calling the same echo tool with the MCP SDK directly.
// Usage: npx tsx bench/execute.ts [--n 300] [--warmup 30] [--temporal host:port]
// Needs Postgres and Temporal as for the tests (scripts/infra/*.sh).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { referenceServers } from '../mcp/index.ts';
import { flags, out, percentiles, startService, timed } from './execution/harness.ts';

const args = flags(process.argv.slice(2));
const n = Number(args.n ?? 300);
const warmup = Number(args.warmup ?? 30);
if (args.temporal) process.env.TEMPORAL_ADDRESS = args.temporal;

async function sdkBaseline(): Promise<number[]> {
  const launch = referenceServers(mkdtempSync(join(tmpdir(), 'sb-bench-'))).everything;
  const client = new Client({ name: 'bench', version: '0' });
  await client.connect(new StdioClientTransport({ command: launch.command, args: launch.args, stderr: 'ignore' }));
  try {
    const call = async (i: number) => {
      await client.callTool({ name: 'echo', arguments: { message: `m${i}` } });
    };
    await timed(warmup, call);
    return await timed(n, call);
  } finally {
    await client.close();
  }
}

async function throughService(): Promise<number[]> {
  const t = await startService();
  try {
    // Enterprise: no execution rate limit, so the figure is the path and not the limiter.
    const user = await t.createUser({ plan: 'enterprise' });
    const call = async (i: number) => {
      const r = await t.app.inject({ method: 'POST', url: '/v1/execute_tool', headers: user.headers, payload: { tool_name: 'echo', params: { message: `m${i}` } } });
      if (r.statusCode !== 200) throw new Error(`execute_tool answered ${r.statusCode}: ${r.body}`);
    };
    await timed(warmup, call);
    return await timed(n, call);
  } finally {
    await t.close();
  }
}

const sdk = percentiles(await sdkBaseline());
const service = percentiles(await throughService());
out(`echo, ${n} sequential calls after ${warmup} warm-up calls (ms)`);
out(`MCP SDK direct (stdio)      p50 ${sdk.p50}  p90 ${sdk.p90}  p99 ${sdk.p99}  mean ${sdk.mean}`);
out(`POST /v1/execute_tool       p50 ${service.p50}  p90 ${service.p90}  p99 ${service.p99}  mean ${service.mean}`);
out(`added by the service        p50 ${Math.round((service.p50 - sdk.p50) * 10) / 10}  p99 ${Math.round((service.p99 - sdk.p99) * 10) / 10}`);
process.exit(0);
