import type { PackageLaunch, PackageRef } from './types.ts';

// What a registry accepts as a name and an exact version. Checked before any of it reaches a
// command line or a path: a name like `../x` or `--registry=...` must never get that far.
const NPM_NAME = /^(@[a-z0-9][a-z0-9._~-]*\/)?[A-Za-z0-9][A-Za-z0-9._~-]*$/;
const NPM_VERSION = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/;
const PYPI_NAME = /^[A-Za-z0-9]([A-Za-z0-9._-]*[A-Za-z0-9])?$/;
const PYPI_VERSION = /^[0-9][0-9A-Za-z.!+_-]*$/;
const BIN = /^[A-Za-z0-9_][A-Za-z0-9._@+-]*$/;
const MAX_ARG = 4096;

/** Throws unless `ref` names one exact version of a package its registry could hold. */
export function checkPackageRef(ref: PackageRef): void {
  const [name, version] = ref.registry === 'npm' ? [NPM_NAME, NPM_VERSION] : [PYPI_NAME, PYPI_VERSION];
  if (ref.registry !== 'npm' && ref.registry !== 'pypi') throw new Error(`unknown package registry ${String(ref.registry)}`);
  if (ref.name.length > 214 || !name.test(ref.name)) throw new Error(`not a valid ${ref.registry} package name: ${JSON.stringify(ref.name)}`);
  if (ref.version.length > 64 || !version.test(ref.version)) throw new Error(`not an exact ${ref.registry} version: ${JSON.stringify(ref.version)}`);
}

function specOf(registry: PackageRef['registry'], spec: string | undefined): { name: string; version: string } {
  if (registry === 'npm') {
    const at = spec ? spec.lastIndexOf('@') : -1;
    if (!spec || at <= 0) throw new Error(`expected name@version, got ${JSON.stringify(spec)}`);
    return { name: spec.slice(0, at), version: spec.slice(at + 1) };
  }
  const parts = spec?.split('==') ?? [];
  if (parts.length !== 2) throw new Error(`expected name==version, got ${JSON.stringify(spec)}`);
  return { name: parts[0] ?? '', version: parts[1] ?? '' };
}

/**
 * The package, executable and arguments of a catalog launch, from the four forms the catalog
 * writes: `npx -y pkg@v [extra]`, `npx -y --package pkg@v bin [extra]`, `uvx pkg==v [extra]`,
 * `uvx --from pkg==v bin [extra]`. The spec in `args` must name the same package and version
 * as `package`. Anything else throws: we run what the entry pins, never what argv might ask for.
 */
export function packageLaunchOf(launch: { command: string; args: string[]; package: PackageRef }): PackageLaunch {
  const ref: PackageRef = { registry: launch.package.registry, name: launch.package.name, version: launch.package.version };
  checkPackageRef(ref);
  const args = [...launch.args];
  let spec: string | undefined;
  let bin: string | undefined;
  if (ref.registry === 'npm') {
    if (launch.command !== 'npx') throw new Error(`an npm package runs with npx, not ${launch.command}`);
    if (args.shift() !== '-y') throw new Error('npx launch must start with -y');
    if (args[0] === '--package') [, spec, bin] = args.splice(0, 3);
    else spec = args.shift();
  } else {
    if (launch.command !== 'uvx') throw new Error(`a PyPI package runs with uvx, not ${launch.command}`);
    if (args[0] === '--from') [, spec, bin] = args.splice(0, 3);
    else spec = args.shift();
  }
  const named = specOf(ref.registry, spec);
  if (named.name !== ref.name || named.version !== ref.version) throw new Error(`launch runs ${spec} but the entry pins ${ref.name} ${ref.version}`);
  if (bin !== undefined && !BIN.test(bin)) throw new Error(`not an executable name: ${JSON.stringify(bin)}`);
  for (const arg of args) if (arg.includes('\0') || arg.length > MAX_ARG) throw new Error('launch argument has a NUL byte or is too long');
  return { ref, ...(bin !== undefined ? { bin } : {}), args };
}
