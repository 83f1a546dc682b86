import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { childEnv } from './child-env.ts';
import type { InstallContext } from './context.ts';
import { tail } from './context.ts';
import { withLock } from './lock.ts';
import { releaseFiles } from './pypi-index.ts';
import { run } from './run.ts';
import type { PackageRef } from './types.ts';
import { PackageInstallError } from './types.ts';

/** Pinned so every worker resolves alike; bumped by hand. */
export const UV_VERSION = '0.13.9';

/**
 * uv, installed once from PyPI into the store's own tools venv (`tools/uv-<version>`), with
 * pip checking every file against the hashes PyPI publishes. Installed into a temp folder and
 * renamed, under the store's lock, like a package.
 */
export async function ensureUv(ctx: InstallContext, python: string, ref: PackageRef): Promise<string> {
  const home = path.join(ctx.root, 'tools', `uv-${UV_VERSION}`);
  const uv = path.join(home, 'bin', 'uv');
  if (existsSync(uv)) return uv;
  return withLock(path.join(ctx.root, 'locks', `tools-uv-${UV_VERSION}`), { deadline: ctx.deadline, signal: ctx.signal, onWait: () => ctx.progress('waiting for another process installing uv') }, async () => {
    if (existsSync(uv)) return uv;
    ctx.progress(`installing uv ${UV_VERSION} from PyPI`);
    const uvRef: PackageRef = { registry: 'pypi', name: 'uv', version: UV_VERSION };
    const files = await releaseFiles(uvRef, ctx);
    const tmp = path.join(ctx.root, 'tmp', `tools-uv-${process.pid}-${Date.now()}`);
    mkdirSync(tmp, { recursive: true });
    try {
      const requirements = path.join(tmp, 'requirements.txt');
      writeFileSync(requirements, `uv==${UV_VERSION} ${files.map((f) => `--hash=sha256:${f.sha256}`).join(' ')}\n`);
      const venv = path.join(tmp, 'venv');
      const env = childEnv(ctx.root);
      const options = { cwd: tmp, env, deadline: ctx.deadline, signal: ctx.signal };
      const made = await run(python, ['-m', 'venv', venv], options);
      if (made.code !== 0) throw new PackageInstallError(made.timedOut ? 'timeout' : 'failed', ref, `cannot create the uv tools venv with ${python}\n${tail(made.output)}`);
      const pip = await run(path.join(venv, 'bin', 'pip'), ['install', '-q', '--require-hashes', '--only-binary', ':all:', '--index-url', `${ctx.pypiIndex}/simple`, '-r', requirements], options);
      if (pip.aborted) throw ctx.signal?.reason ?? new Error('aborted');
      if (pip.code !== 0) throw new PackageInstallError(pip.timedOut ? 'timeout' : /hash/i.test(pip.output) ? 'integrity' : 'failed', ref, `cannot install uv ${UV_VERSION}\n${tail(pip.output)}`);
      mkdirSync(path.dirname(home), { recursive: true });
      renameSync(venv, home);
      return uv;
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });
}
