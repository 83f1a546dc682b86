// What the bundled catalog really does here (issue 35, item 6): every server that needs no
// credential goes the way a user's first call goes — install from its pinned package, start in
// the sandbox, tools/list, then one call of a tool whose arguments can be made from its schema.
// It runs the service's own modules (planRun, the package store, the sandbox, the pool), not a copy.
// Usage: npx tsx bench/catalog-run.ts [--only a,b] [--concurrency 2] [--limit N]
// Writes bench/results/<date>-catalog-run.md (the table) and .json (every row).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { loadBundledCatalog, catalogFile } from '../activities/registry/catalog-source.ts';
import { planRun } from '../domain/launch.ts';
import { McpSessionPool } from '../mcp/index.ts';
import { PackageInstallError, PackageStore } from '../package-store/index.ts';
import { probeSandbox, sandboxedCommand } from '../sandbox/index.ts';
import { flags } from './execution/harness.ts';
import { sampleArguments } from './lib/sample-arguments.ts';

interface Row {
  server: string;
  registry: string;
  package: string;
  harvest: string;
  installed: boolean;
  installMs?: number;
  started: boolean;
  listed: boolean;
  sameTools?: boolean;
  listedCount?: number;
  catalogCount: number;
  called?: string;
  callOk?: boolean;
  failure?: string;
}

const args = flags(process.argv.slice(2));
const only = args.only ? new Set(String(args.only).split(',')) : null;
const concurrency = Number(args.concurrency ?? 2);
const limit = Number(args.limit ?? Infinity);
const logger = pino({ level: 'silent' });
const root = mkdtempSync(join(tmpdir(), 'sb-catalog-run-'));
const store = new PackageStore({ root: String(args.store ?? join(root, 'packages')), logger });
const pool = new McpSessionPool(logger, { maxIdleManaged: concurrency * 2 });
const sandbox = await probeSandbox();
if (!sandbox.ok) throw new Error(`the sandbox does not work here: ${sandbox.reason}`);

const { entries } = loadBundledCatalog(catalogFile(join(root, 'data')));
const chosen = entries
  .filter((e) => (only ? only.has(e.name) : (e.authentication as { required?: boolean } | null)?.required !== true))
  .slice(0, limit);

async function walk(entry: (typeof entries)[number]): Promise<Row> {
  const launch = entry.launch as { package?: { registry: string; name: string; version: string } };
  const pkg = launch.package;
  const row: Row = {
    server: entry.name,
    registry: pkg?.registry ?? '-',
    package: pkg ? `${pkg.name}@${pkg.version}` : '-',
    harvest: entry.toolsSource ?? '-',
    installed: false,
    started: false,
    listed: false,
    catalogCount: entry.tools?.length ?? 0,
  };
  const plan = planRun(entry.name, entry.launch, { dataDir: join(root, 'data'), userId: 'bench-user', sandbox });
  if ('reason' in plan) return { ...row, failure: plan.reason };
  if (plan.kind !== 'sandboxed' || !plan.instance.package) return { ...row, failure: `not a package (${plan.kind})` };
  const spec = plan.instance;
  const started = performance.now();
  let installed;
  try {
    installed = await store.ensure(spec.package!);
  } catch (error) {
    return { ...row, failure: error instanceof PackageInstallError ? `install ${error.reason}: ${error.message.slice(0, 200)}` : String(error).slice(0, 200) };
  }
  Object.assign(row, { installed: true, installMs: Math.round(performance.now() - started) });
  const readOnly = [...spec.readOnly, ...installed.readOnly];
  const wrapped = sandboxedCommand(installed.command, [...installed.args, ...spec.args], { readOnly, workDir: spec.workDir, egress: spec.egress, env: spec.env });
  pool.ensure(plan.poolKey, { type: 'stdio', command: wrapped.command, args: wrapped.args, env: wrapped.env }, { idleMs: 5_000 });
  try {
    const tools = await pool.listTools(plan.poolKey, { timeoutMs: 60_000 });
    const names = new Set(tools.map((t) => t.name));
    const expected = (entry.tools ?? []).map((t) => t.name);
    Object.assign(row, { started: true, listed: true, listedCount: tools.length, sameTools: expected.length === names.size && expected.every((n) => names.has(n)) });
    const pick = tools.map((t) => ({ t, sample: sampleArguments(t.inputSchema) })).find((c) => c.sample !== null);
    if (!pick) return { ...row, failure: 'no tool whose arguments can be made from its schema' };
    row.called = pick.t.name;
    const outcome = await pool.callTool(plan.poolKey, pick.t.name, pick.sample!, { timeoutMs: 30_000 });
    row.callOk = outcome.ok;
    if (!outcome.ok) row.failure = `call answered an error: ${JSON.stringify(outcome).slice(0, 200)}`;
  } catch (error) {
    row.failure = (error as Error).message.slice(0, 300);
  }
  return row;
}

const rows: Row[] = [];
let next = 0;
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < chosen.length) {
      const entry = chosen[next++]!;
      const row = await walk(entry);
      rows.push(row);
      process.stderr.write(`${rows.length}/${chosen.length} ${row.server}: ${row.listed ? `listed ${row.listedCount}` : 'not listed'}${row.failure ? ` (${row.failure.slice(0, 80)})` : ''}\n`);
    }
  }),
);
await pool.close();

rows.sort((a, b) => a.server.localeCompare(b.server));
const listedHarvest = rows.filter((r) => r.harvest === 'tools/list');
const count = (xs: Row[], f: (r: Row) => boolean) => xs.filter(f).length;
const summary = {
  servers: rows.length,
  harvestListed: listedHarvest.length,
  installed: count(rows, (r) => r.installed),
  listed: count(rows, (r) => r.listed),
  listedSameTools: count(listedHarvest, (r) => r.listed && r.sameTools === true),
  called: count(rows, (r) => r.callOk === true),
  loadAverage: loadavg().map((l) => l.toFixed(2)).join(' '),
};
const date = new Date().toISOString().slice(0, 10);
const dir = join(import.meta.dirname, 'results');
mkdirSync(dir, { recursive: true });
const cell = (v: unknown) => String(v ?? '').replaceAll('|', '\\|').replaceAll('\n', ' ');
const table = [
  '| server | package | harvest | installed (ms) | listed (catalog) | same tools | called | failure |',
  '|---|---|---|---|---|---|---|---|',
  ...rows.map((r) => `| ${r.server} | ${r.registry} ${cell(r.package)} | ${r.harvest} | ${r.installed ? r.installMs : 'no'} | ${r.listed ? `${r.listedCount} (${r.catalogCount})` : 'no'} | ${r.sameTools ?? ''} | ${r.called ? `${r.called}: ${r.callOk ? 'ok' : 'error'}` : ''} | ${cell(r.failure)} |`),
];
const text = [
  `# Catalog walk, ${date}`,
  '',
  'Every bundled catalog server that needs no credential, installed from its pinned package, started in the sandbox, listed and called once, by `npx tsx bench/catalog-run.ts`.',
  '',
  '```json',
  JSON.stringify(summary, null, 2),
  '```',
  '',
  ...table,
  '',
].join('\n');
writeFileSync(join(dir, `${date}-catalog-run.md`), text);
writeFileSync(join(dir, `${date}-catalog-run.json`), JSON.stringify({ summary, rows }, null, 2));
process.stdout.write(`${JSON.stringify(summary)}\n`);
