// The sandbox's cost for a stdio MCP server (issue 35 goal: warm calls through the sandbox
// within 1 ms p50 of the same server without it). One echo server, the test's bundled fixture,
// run alternately plain and sandboxed through GroupStdioTransport and the SDK's Client:
// - start: spawn to `initialize` answered plus one tools/list, `--starts` times each;
// - warm call: `--calls` sequential echo calls on one open session each.
//   npx tsx bench/sandbox.ts [--starts 20] [--calls 1000] [--egress none|public]
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { GroupStdioTransport } from '../mcp/group-stdio-transport.ts';
import { probeSandbox, sandboxedCommand } from '../sandbox/index.ts';
import { bundleHostileServer } from '../test/sandbox/hostile.ts';

const { values } = parseArgs({ options: { starts: { type: 'string', default: '20' }, calls: { type: 'string', default: '1000' }, egress: { type: 'string', default: 'none' } } });
const egress = values.egress === 'public' ? 'public' : 'none';
const starts = Number(values.starts);
const calls = Number(values.calls);

const support = await probeSandbox();
if (!support.ok) throw new Error(support.reason);
const server = await bundleHostileServer();
const argv = (sandboxed: boolean) =>
  sandboxed
    ? sandboxedCommand(process.execPath, [server.entry], { readOnly: [server.packageDir], workDir: join(server.root, 'w'), egress, env: {} })
    : { command: process.execPath, args: [server.entry], env: {} };

async function open(sandboxed: boolean): Promise<Client> {
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(new GroupStdioTransport(argv(sandboxed)));
  await client.listTools();
  return client;
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

const startTimes: Record<'plain' | 'sandboxed', number[]> = { plain: [], sandboxed: [] };
for (let i = 0; i < starts; i++) {
  for (const sandboxed of [false, true]) {
    const t0 = performance.now();
    const client = await open(sandboxed);
    startTimes[sandboxed ? 'sandboxed' : 'plain'].push(performance.now() - t0);
    await client.close();
  }
}

const callTimes: Record<'plain' | 'sandboxed', number[]> = { plain: [], sandboxed: [] };
const clients = { plain: await open(false), sandboxed: await open(true) };
for (let i = 0; i < calls; i++) {
  // Interleaved, so load from other work on the machine falls on both alike.
  for (const kind of ['plain', 'sandboxed'] as const) {
    const t0 = performance.now();
    await clients[kind].callTool({ name: 'echo', arguments: { text: 'hello' } });
    callTimes[kind].push(performance.now() - t0);
  }
}
await clients.plain.close();
await clients.sandboxed.close();
server.cleanup();

const [load] = (await import('node:os')).loadavg();
process.stdout.write(`load average ${load!.toFixed(2)}; egress ${egress}; ${starts} starts, ${calls} calls each\n`);
for (const [what, times] of [['start (spawn to initialize + tools/list)', startTimes], ['warm echo call', callTimes]] as const) {
  const plain = pct(times.plain, 50);
  const boxed = pct(times.sandboxed, 50);
  process.stdout.write(`${what}: p50 plain ${fmt(plain)}, sandboxed ${fmt(boxed)} (+${fmt(boxed - plain)}); p95 plain ${fmt(pct(times.plain, 95))}, sandboxed ${fmt(pct(times.sandboxed, 95))}\n`);
}
