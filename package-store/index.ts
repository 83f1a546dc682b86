export { packageLaunchOf, checkPackageRef } from './launch.ts';
export { PackageStore } from './store.ts';
export type { EnsureOptions, PackageStoreOptions } from './store.ts';
export { PackageInstallError, normalizedRef, packageKey, packageSpec } from './types.ts';
export type { InstalledPackage, PackageInstallFailure, PackageLaunch, PackageRef } from './types.ts';
