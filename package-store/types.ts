/** A published package, pinned: one registry, one name, one exact version. */
export interface PackageRef {
  registry: 'npm' | 'pypi';
  name: string;
  version: string;
}

/** How a catalog entry runs its package: which executable, and the arguments after the package spec. */
export interface PackageLaunch {
  ref: PackageRef;
  /** The executable the entry names (`--package pkg bin`, `--from pkg bin`); absent = the package's default one. */
  bin?: string;
  /** Arguments after the package spec, `${WORKDIR}` kept as is (the caller substitutes it). */
  args: string[];
}

/** A package ready to run from the store. */
export interface InstalledPackage {
  ref: PackageRef;
  /** The package's folder in the store. */
  dir: string;
  /** What to exec before the entry's own args: npm → the node binary and the bin script; pypi → the venv's script. */
  command: string;
  args: string[];
  /** Host paths a sandbox must bind read-only for the package to run. */
  readOnly: string[];
  /** The registry's published hash of the package file installed (npm: SRI sha512; PyPI: sha256:<hex>). */
  integrity: string;
  installMs: number;
}

export type PackageInstallFailure = 'not_found' | 'integrity' | 'script' | 'timeout' | 'failed';

/** An install that did not happen; the store holds nothing of it, so the next ensure tries again. */
export class PackageInstallError extends Error {
  constructor(
    readonly reason: PackageInstallFailure,
    readonly ref: PackageRef,
    detail: string,
  ) {
    super(`${ref.registry} package ${packageSpec(ref)}: ${detail}`);
    this.name = 'PackageInstallError';
  }
}

/** `name@version` (npm) or `name==version` (PyPI), as the package managers write it. */
export function packageSpec(ref: PackageRef): string {
  return ref.registry === 'npm' ? `${ref.name}@${ref.version}` : `${ref.name}==${ref.version}`;
}

/** PEP 503: PyPI treats runs of `-`, `_` and `.` alike and ignores case. */
export function normalizePypiName(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, '-');
}

/**
 * The one identity of a package in the store, in workflow ids and in package_installs:
 * `<registry>:<name>@<version>`, PyPI names normalized (Foo_Bar and foo-bar are one package).
 */
export function packageKey(ref: PackageRef): string {
  const { registry, name, version } = normalizedRef(ref);
  return `${registry}:${name}@${version}`;
}

/** The ref with its name as the store keys it (PyPI names normalized): one package, one key. */
export function normalizedRef(ref: PackageRef): PackageRef {
  return ref.registry === 'pypi' ? { ...ref, name: normalizePypiName(ref.name) } : ref;
}
