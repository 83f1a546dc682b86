// Installs one PyPI package into its own venv (uv when available: it resolves in
// seconds where pip takes minutes) and resolves its console script.
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import type { Seed } from './seed-types.ts';
import { catalogArgs, localArgs, type Installed } from './installed.ts';
import { HARVEST_ROOT, run, slugOf } from './sandbox.ts';

const TOOLS_VENV = path.join(HARVEST_ROOT, 'tools', 'uv-venv');
const UV = path.join(TOOLS_VENV, 'bin', 'uv');
// pyenv's shims answer only for the active versions; listing every installed 3.x
// (the default first) lets uv find a newer interpreter a server requires. uv must not
// download one: only the package registries are reachable.
function pyenvVersions(): string | undefined {
  const root = path.join(process.env.PYENV_ROOT ?? path.join(homedir(), '.pyenv'), 'versions');
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).filter((v) => /^3\.\d+\.\d+$/.test(v));
  const current = versions.filter((v) => v.startsWith('3.11.'));
  return [...current, ...versions.filter((v) => !current.includes(v)).sort().reverse()].join(':') || undefined;
}

const PYENV_VERSION = pyenvVersions();
const ENV: Record<string, string> = {
  ...(process.env as Record<string, string>),
  UV_CACHE_DIR: path.join(HARVEST_ROOT, 'uv-cache'),
  UV_PYTHON_DOWNLOADS: 'never',
  ...(PYENV_VERSION ? { PYENV_VERSION } : {}),
};

let uvReady: Promise<void> | undefined;

/** Installs uv from PyPI into the harvest's own tools venv, once per run. */
function ensureUv(): Promise<void> {
  uvReady ??= (async () => {
    if (existsSync(UV)) return;
    mkdirSync(path.dirname(TOOLS_VENV), { recursive: true });
    const venv = await run('python3', ['-m', 'venv', TOOLS_VENV], { cwd: HARVEST_ROOT, env: ENV, timeoutMs: 120_000 });
    if (venv.code !== 0) throw new Error(`cannot create tools venv: ${venv.output}`);
    const pip = await run(path.join(TOOLS_VENV, 'bin', 'pip'), ['install', '-q', 'uv'], { cwd: HARVEST_ROOT, env: ENV, timeoutMs: 300_000 });
    if (pip.code !== 0) throw new Error(`cannot install uv: ${pip.output}`);
  })();
  return uvReady;
}

const METADATA_SCRIPT = `
import json, sys, importlib.metadata as m
d = m.metadata(sys.argv[1])
urls = d.get_all('Project-URL') or []
print(json.dumps({'version': d['Version'], 'summary': d.get('Summary'), 'home': d.get('Home-page'),
  'urls': urls, 'readme': d.get_payload() or d.get('Description') or ''}))
`;

interface PyMeta {
  version: string;
  summary?: string;
  home?: string;
  urls: string[];
  readme: string;
}

function homepageOf(meta: PyMeta): string | undefined {
  if (meta.home && meta.home !== 'UNKNOWN') return meta.home;
  const byLabel = (re: RegExp) => meta.urls.find((u) => re.test(u.split(',')[0] ?? ''))?.split(',').slice(1).join(',').trim();
  return byLabel(/home/i) ?? byLabel(/source|repo|github/i) ?? meta.urls[0]?.split(',').slice(1).join(',').trim();
}

// The machine's python3 is 3.11; some servers require a newer one, which uv finds
// among the interpreters installed here (pyenv) when asked for the version.
const PYTHONS = ['python3', '3.12', '3.13'];

async function createVenv(venv: string, pkg: string): Promise<void> {
  let last = '';
  for (const version of PYTHONS) {
    const made = await run(UV, ['venv', '-q', '--clear', '-p', version, venv], { cwd: HARVEST_ROOT, env: ENV, timeoutMs: 120_000 });
    if (made.code !== 0) {
      last = `uv venv -p ${version} failed: ${made.output.slice(-300)}`;
      continue;
    }
    const installed = await run(UV, ['pip', 'install', '-q', '--python', path.join(venv, 'bin', 'python'), pkg], { cwd: HARVEST_ROOT, env: ENV, timeoutMs: 420_000 });
    if (installed.code === 0) return;
    last = `uv pip install failed: ${installed.output.slice(-600)}`;
    if (!/current Python version|requires-python|Python>=/i.test(installed.output)) break;
  }
  throw new Error(last);
}

/** Servers written for MCP SDK 1.x import `mcp.server.fastmcp`, gone in 2.x: pin 1.x. */
export async function pinLegacyMcp(seed: Seed): Promise<boolean> {
  const venv = path.join(HARVEST_ROOT, 'pypi', slugOf('pypi', seed.pkg));
  const pinned = await run(UV, ['pip', 'install', '-q', '--python', path.join(venv, 'bin', 'python'), 'mcp<2'], { cwd: HARVEST_ROOT, env: ENV, timeoutMs: 300_000 });
  return pinned.code === 0;
}

/** uv venv + uv pip install into the harvest sandbox; reuses an earlier install. */
export async function installPypi(seed: Seed, workDir: string): Promise<Installed> {
  await ensureUv();
  const venv = path.join(HARVEST_ROOT, 'pypi', slugOf('pypi', seed.pkg));
  const python = path.join(venv, 'bin', 'python');
  const probe = await run(python, ['-c', METADATA_SCRIPT, seed.pkg], { cwd: workDir, env: ENV, timeoutMs: 60_000 });
  if (probe.code !== 0) await createVenv(venv, seed.pkg);
  const metaRun = await run(python, ['-c', METADATA_SCRIPT, seed.pkg], { cwd: workDir, env: ENV, timeoutMs: 60_000 });
  if (metaRun.code !== 0) throw new Error(`cannot read metadata: ${metaRun.output.slice(-400)}`);
  const meta = JSON.parse(metaRun.stdout.trim().split('\n').pop() ?? '{}') as PyMeta;
  const bin = seed.bin ?? pickScript(venv, seed.pkg);
  const extra = seed.args ?? [];
  const pinned = `${seed.pkg}==${meta.version}`;
  return {
    command: path.join(venv, 'bin', bin),
    args: localArgs(extra, workDir),
    launch: { command: 'uvx', args: [...(bin === seed.pkg ? [pinned] : ['--from', pinned, bin]), ...catalogArgs(extra)] },
    version: meta.version,
    description: meta.summary ?? undefined,
    homepage: homepageOf(meta),
    readme: meta.readme,
  };
}

const NOT_SERVERS = /^(python\d?(\.\d+)?|pip\d?(\.\d+)?|activate.*|deactivate.*|pydoc.*|uvicorn|httpx|normalizer|dotenv|jsonschema|mcp|fastmcp|markdown-it|pygmentize|typer|websockets|email_validator|cyclopts|openapi-.*|distro|tqdm|f2py|numpy-config|jp\.py|docutils|rst.*|pyrsa.*|watchfiles|huggingface-cli|hf|tiny-agents|py\.test|pytest|coverage.*|gunicorn|alembic|mako-render|chardetect|idna|wheel|cffi-gen-src|keyring|httpx2|fastapi|aws|aws_completer|ruff|sqlformat|isympy|tabulate|flask|opentelemetry.*|nltk|striprtf|slugify|mistune|qtpy)$/;

/** The console script named like the package, else the one that says "mcp". */
function pickScript(venv: string, pkg: string): string {
  const scripts = readdirSync(path.join(venv, 'bin')).filter((f) => !f.endsWith('.bat') && !NOT_SERVERS.test(f));
  const wanted = pkg.toLowerCase();
  return (
    scripts.find((s) => s.toLowerCase() === wanted) ??
    scripts.find((s) => s.toLowerCase().replaceAll('_', '-') === wanted.replaceAll('_', '-')) ??
    scripts.find((s) => /mcp/i.test(s)) ??
    scripts[0] ??
    pkg
  );
}
