import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { childEnv } from './child-env.ts';
import type { InstallContext } from './context.ts';
import { tail } from './context.ts';
import { installedFile, pinOwnHashes, releaseFiles } from './pypi-index.ts';
import { run } from './run.ts';
import type { RunResult } from './run.ts';
import type { PackageRef } from './types.ts';
import { normalizePypiName, PackageInstallError } from './types.ts';
import { ensureUv } from './uv.ts';

export interface PypiInstalled {
  integrity: string;
  /** sys.base_prefix of the venv's interpreter: a sandbox binds it read-only. */
  pythonPrefix: string;
  /** Console scripts in the venv's bin/. */
  scripts: string[];
}

const WRONG_PYTHON = /current Python version|requires-python|Python>=|python_version/i;
/** The venv's own files in bin/, never a package's server. */
const NOT_SCRIPTS = /^(python[\d.]*|pip[\d.]*|activate.*|deactivate.*|pydoc.*)$/;

function failureOf(ref: PackageRef, step: string, result: RunResult, ctx: InstallContext): PackageInstallError {
  const why = `${step} failed\n${tail(result.output)}`;
  if (result.timedOut) return new PackageInstallError('timeout', ref, `${step} did not finish in time`);
  if (/hash mismatch|hashes do not match|doesn't match the expected hash/i.test(result.output)) return new PackageInstallError('integrity', ref, why);
  if (/not found in the package registry|no version of|was not found/i.test(result.output)) return new PackageInstallError('not_found', ref, why);
  // Building an sdist runs the package's own build code: a script, allowed only when the entry says so.
  if (!ctx.allowScripts && /no-build|--no-build|building source distributions is disabled/i.test(result.output)) return new PackageInstallError('script', ref, `needs a build from source, which runs the package's own code; the entry must allow scripts\n${tail(result.output)}`);
  if (ctx.allowScripts && /Failed to build|build backend/i.test(result.output)) return new PackageInstallError('script', ref, why);
  return new PackageInstallError('failed', ref, why);
}

function sitePackages(venv: string): string {
  const lib = path.join(venv, 'lib');
  const version = readdirSync(lib).find((d) => d.startsWith('python'));
  return path.join(lib, version ?? 'python3', 'site-packages');
}

function distInfo(venv: string, name: string): string | undefined {
  const site = sitePackages(venv);
  const want = normalizePypiName(name);
  const dir = readdirSync(site).find((d) => d.endsWith('.dist-info') && normalizePypiName(d.replace(/-[^-]*\.dist-info$/, '')) === want);
  return dir ? path.join(site, dir) : undefined;
}

/**
 * Servers written for MCP SDK 1.x import `mcp.server.fastmcp`, which 2.x removed; the harvest
 * found them by their import error and pinned `mcp<2`. Here: the package's own files (its
 * RECORD) mention the module while the resolved mcp is 2.x or later.
 */
function needsLegacyMcp(venv: string, name: string): boolean {
  const mcp = distInfo(venv, 'mcp');
  if (!mcp || !/^mcp-[2-9]/.test(path.basename(mcp))) return false;
  const own = distInfo(venv, name);
  if (!own) return false;
  const site = sitePackages(venv);
  const files = readFileSync(path.join(own, 'RECORD'), 'utf8').split('\n').map((line) => line.split(',')[0] ?? '').filter((f) => f.endsWith('.py'));
  return files.some((file) => {
    const full = path.resolve(site, file);
    return full.startsWith(site) && existsSync(full) && readFileSync(full, 'utf8').includes('mcp.server.fastmcp');
  });
}

/**
 * A venv of exactly `ref` at `venv`, every file checked against a published hash: uv resolves
 * (`pip compile --generate-hashes`), the package's own hashes are replaced by those of PyPI's
 * JSON API, and `uv pip sync --require-hashes` installs nothing that does not match. The venv is
 * relocatable (scripts find their python relative to themselves), so it survives the rename
 * from the temp area. Interpreters are tried in order until one satisfies requires-python.
 */
export async function installPypi(ref: PackageRef, venv: string, ctx: InstallContext & { pythons: string[] }): Promise<PypiInstalled> {
  ctx.progress(`resolving ${ref.name}==${ref.version} on PyPI`);
  const files = await releaseFiles(ref, ctx);
  const first = ctx.pythons[0];
  if (!first) throw new PackageInstallError('failed', ref, 'no Python interpreter on this machine');
  const uv = await ensureUv(ctx, first, ref);
  const work = path.dirname(venv);
  const options = { cwd: work, env: childEnv(ctx.root), deadline: ctx.deadline, signal: ctx.signal };
  const index = ['--index-url', `${ctx.pypiIndex}/simple`];
  const noBuild = ctx.allowScripts ? [] : ['--no-build'];
  writeFileSync(path.join(work, 'requirements.in'), `${ref.name}==${ref.version}\n`);
  const check = (result: RunResult, step: string) => {
    if (result.aborted) throw ctx.signal?.reason ?? new Error('aborted');
    if (result.code !== 0) throw failureOf(ref, step, result, ctx);
  };
  const compile = (python: string, constraints: string[]) =>
    run(uv, ['pip', 'compile', '-q', '--generate-hashes', '--no-header', ...noBuild, ...index, '--python', python, ...constraints, '-o', 'requirements.txt', 'requirements.in'], options);
  const sync = async () => {
    writeFileSync(path.join(work, 'requirements.txt'), pinOwnHashes(readFileSync(path.join(work, 'requirements.txt'), 'utf8'), ref, files));
    ctx.progress(`installing ${ref.name}==${ref.version} and its dependencies`);
    check(await run(uv, ['pip', 'sync', '-q', '--require-hashes', ...noBuild, ...index, '--python', path.join(venv, 'bin', 'python'), 'requirements.txt'], options), 'uv pip sync');
  };
  for (const [i, python] of ctx.pythons.entries()) {
    const compiled = await compile(python, []);
    if (compiled.code !== 0 && !compiled.aborted && !compiled.timedOut && WRONG_PYTHON.test(compiled.output) && i < ctx.pythons.length - 1) continue;
    check(compiled, 'uv pip compile');
    check(await run(uv, ['venv', '-q', '--clear', '--relocatable', '-p', python, venv], options), 'uv venv');
    await sync();
    if (needsLegacyMcp(venv, ref.name)) {
      ctx.progress(`${ref.name} imports mcp.server.fastmcp: pinning mcp<2`);
      writeFileSync(path.join(work, 'constraints.txt'), 'mcp<2\n');
      check(await compile(python, ['--constraint', 'constraints.txt']), 'uv pip compile (mcp<2)');
      await sync();
    }
    ctx.progress(`verifying ${ref.name}==${ref.version}`);
    const own = distInfo(venv, ref.name);
    if (!own) throw new PackageInstallError('failed', ref, 'the venv does not hold the package after install');
    const tags = readFileSync(path.join(own, 'WHEEL'), 'utf8').split('\n').filter((l) => l.startsWith('Tag:')).map((l) => l.slice(4).trim());
    const file = installedFile(files, tags);
    if (!file) throw new PackageInstallError('integrity', ref, 'cannot tell which published file was installed');
    const prefix = await run(path.join(venv, 'bin', 'python'), ['-c', 'import sys; print(sys.base_prefix)'], options);
    check(prefix, 'reading the interpreter prefix');
    const scripts = readdirSync(path.join(venv, 'bin')).filter((f) => !NOT_SCRIPTS.test(f) && !/\.(bat|ps1|fish|csh|nu|xsh|py)$/.test(f));
    return { integrity: `sha256:${file.sha256}`, pythonPrefix: prefix.stdout.trim(), scripts };
  }
  throw new PackageInstallError('failed', ref, 'no Python interpreter here satisfies the package');
}
