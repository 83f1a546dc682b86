export { packageLaunchOf, checkPackageRef } from './launch.ts';
export { PackageStore } from './store.ts';
export type { EnsureOptions, PackageStoreOptions } from './store.ts';
export { normalizedRef, normalizePypiName, PackageInstallError, packageKey, packageSpec } from './types.ts';
export type { InstalledPackage, PackageInstallFailure, PackageLaunch, PackageRef } from './types.ts';
