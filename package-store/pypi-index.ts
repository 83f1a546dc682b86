import type { InstallContext } from './context.ts';
import { fetchRegistryJson } from './registry-fetch.ts';
import type { PackageRef } from './types.ts';
import { normalizePypiName, PackageInstallError } from './types.ts';

export interface ReleaseFile {
  filename: string;
  sha256: string;
  packagetype: string;
}

/**
 * The files PyPI publishes for one release, with their sha256, from its JSON API. The
 * per-version document (/pypi/<name>/<version>/json) is not served by every mirror; the
 * project document is, and holds every release.
 */
export async function releaseFiles(ref: PackageRef, ctx: InstallContext): Promise<ReleaseFile[]> {
  const doc = (await fetchRegistryJson(ref, `${ctx.pypiIndex}/pypi/${normalizePypiName(ref.name)}/json`, ctx)) as {
    releases?: Record<string, Array<{ filename: string; packagetype: string; digests?: { sha256?: string } }>>;
  };
  const files = doc.releases?.[ref.version];
  if (!files) throw new PackageInstallError('not_found', ref, `PyPI has no release ${ref.version}`);
  const hashed = files.filter((f) => f.digests?.sha256).map((f) => ({ filename: f.filename, sha256: f.digests?.sha256 ?? '', packagetype: f.packagetype }));
  if (hashed.length === 0) throw new PackageInstallError('not_found', ref, `release ${ref.version} has no files on PyPI`);
  return hashed;
}

/**
 * A compiled requirements file with the package's own hashes replaced by the ones the JSON
 * API published: `uv pip sync --require-hashes` then refuses any file of it that does not
 * match the registry's hash. Dependencies keep the hashes uv read from the index.
 */
export function pinOwnHashes(requirements: string, ref: PackageRef, files: ReleaseFile[]): string {
  const own = normalizePypiName(ref.name);
  const entries = requirements.split(/\n(?=\S)/);
  let found = false;
  const pinned = entries.map((entry) => {
    const head = entry.split(/[=\s\\]/)[0] ?? '';
    if (normalizePypiName(head) !== own) return entry;
    found = true;
    const comments = entry.split('\n').filter((line) => line.trim().startsWith('#'));
    return [`${own}==${ref.version} \\`, ...files.map((f, i) => `    --hash=sha256:${f.sha256}${i < files.length - 1 ? ' \\' : ''}`), ...comments].join('\n');
  });
  if (!found) throw new PackageInstallError('failed', ref, 'the resolved requirements do not name the package');
  return pinned.join('\n');
}

/** Expands a wheel file name's compressed tag set (py2.py3-none-any) into `py-abi-plat` triples. */
function wheelTags(filename: string): string[] {
  const parts = filename.replace(/\.whl$/, '').split('-');
  const [py, abi, plat] = parts.slice(-3);
  if (!py || !abi || !plat) return [];
  return py.split('.').flatMap((p) => abi.split('.').flatMap((a) => plat.split('.').map((x) => `${p}-${a}-${x}`)));
}

/**
 * Which published file was installed: the wheel whose tags the installed WHEEL metadata lists,
 * else the sdist (built here). Its hash is the integrity we record.
 */
export function installedFile(files: ReleaseFile[], installedTags: string[]): ReleaseFile | undefined {
  const tags = new Set(installedTags);
  return files.find((f) => f.filename.endsWith('.whl') && wheelTags(f.filename).some((t) => tags.has(t))) ?? files.find((f) => f.packagetype === 'sdist');
}
