import { mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { makeReadable } from './readable.ts';
import path from 'node:path';
import type { Logger } from 'pino';
import type { InstallContext } from './context.ts';
import { checkPackageRef } from './launch.ts';
import { cleanTemp, defaultPythons, lockDir, newTempDir, packageDir } from './layout.ts';
import { LockTimeoutError, withLock } from './lock.ts';
import { installedOf, lastUsedMs, readManifest, touchLastUsed, writeManifest } from './manifest.ts';
import type { Manifest } from './manifest.ts';
import { installNpm } from './npm.ts';
import { installPypi } from './pypi.ts';
import type { InstalledPackage, PackageLaunch, PackageRef } from './types.ts';
import { PackageInstallError, packageKey, packageSpec } from './types.ts';

export interface PackageStoreOptions {
  root: string;
  logger: Logger;
  /** One install's bound, lock wait included (default 5 minutes). */
  installTimeoutMs?: number;
  /** Registry roots (a mirror, or a test's stand-in); default the public npm registry and PyPI. */
  npmRegistry?: string;
  pypiIndex?: string;
  /** Interpreters tried in order for PyPI packages (default: pyenv's 3.11–3.13, else python3). */
  pythons?: string[];
}

export interface EnsureOptions {
  onProgress?: (message: string) => void;
  signal?: AbortSignal;
  /** Run the package's install scripts (npm) and source builds (PyPI); off unless the entry needs them. */
  allowScripts?: boolean;
}

interface Flight {
  promise: Promise<void>;
  controller: AbortController;
  waiters: number;
  listeners: Set<(message: string) => void>;
  /** The install's latest step, told to whoever joins it later. */
  lastMessage?: string;
}

const DEFAULT_TIMEOUT_MS = 5 * 60_000;

/** Resolves with `promise`, or rejects when `signal` aborts first (the promise runs on). */
function waitFor(promise: Promise<void>, signal?: AbortSignal): Promise<void> {
  if (!signal) return promise;
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * Installed packages, one copy per registry+name@version, shared by every user and process of
 * the machine (docs/decisions.md, "A package store for catalog servers"). An install goes into a temp folder and is
 * renamed into place whole; one install per package at a time, in this process (a promise per
 * package) and across processes (a lock per package).
 */
export class PackageStore {
  private readonly root: string;
  private readonly logger: Logger;
  private readonly timeoutMs: number;
  private readonly npmRegistry: string;
  private readonly pypiIndex: string;
  private readonly pythons: string[];
  private readonly flights = new Map<string, Flight>();

  constructor(options: PackageStoreOptions) {
    this.root = path.resolve(options.root);
    this.logger = options.logger.child({ component: 'package-store' });
    this.timeoutMs = options.installTimeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.npmRegistry = (options.npmRegistry ?? 'https://registry.npmjs.org').replace(/\/+$/, '');
    this.pypiIndex = (options.pypiIndex ?? 'https://pypi.org').replace(/\/+$/, '');
    this.pythons = options.pythons ?? defaultPythons();
    for (const dir of ['npm', 'pypi', 'tmp', 'locks', 'tools', 'home']) mkdirSync(path.join(this.root, dir), { recursive: true });
    const removed = cleanTemp(this.root);
    if (removed) this.logger.info({ removed }, 'removed temp folders of installs that died');
  }

  /** The package ready to run, or null when it is not in the store. Cheap: a stat and a small read. */
  installed(launch: PackageLaunch): InstalledPackage | null {
    checkPackageRef(launch.ref);
    const dir = packageDir(this.root, launch.ref);
    const manifest = readManifest(dir);
    if (!manifest) return null;
    touchLastUsed(dir);
    return installedOf(launch, dir, manifest, process.execPath);
  }

  /** The package ready to run, installed first when it is not in the store yet. */
  async ensure(launch: PackageLaunch, options: EnsureOptions = {}): Promise<InstalledPackage> {
    const ready = this.installed(launch);
    if (ready) return ready;
    const key = packageKey(launch.ref);
    let flight = this.flights.get(key);
    if (!flight) {
      flight = this.startFlight(launch.ref, options.allowScripts ?? false);
      this.flights.set(key, flight);
    }
    flight.waiters += 1;
    if (options.onProgress) {
      flight.listeners.add(options.onProgress);
      if (flight.lastMessage) options.onProgress(flight.lastMessage);
    }
    try {
      await waitFor(flight.promise, options.signal);
    } finally {
      flight.waiters -= 1;
      if (options.onProgress) flight.listeners.delete(options.onProgress);
      // The install goes on while anyone still waits for it; the last one leaving stops it.
      if (flight.waiters === 0 && options.signal?.aborted) flight.controller.abort(options.signal.reason);
    }
    const installed = this.installed(launch);
    if (!installed) throw new PackageInstallError('failed', launch.ref, 'installed, but gone from the store at once (gc?)');
    return installed;
  }

  /** Removes packages not used for `unusedForMs`; returns what it removed. */
  async gc(options: { unusedForMs: number }): Promise<PackageRef[]> {
    const removed: PackageRef[] = [];
    for (const registry of ['npm', 'pypi'] as const) {
      for (const entry of readdirSync(path.join(this.root, registry))) {
        const manifest = readManifest(path.join(this.root, registry, entry));
        if (!manifest || Date.now() - lastUsedMs(path.join(this.root, registry, entry)) < options.unusedForMs) continue;
        if (await this.remove(manifest, options.unusedForMs)) removed.push(manifest.ref);
      }
    }
    if (removed.length) this.logger.info({ removed: removed.map(packageKey) }, 'removed unused packages');
    return removed;
  }

  private async remove(manifest: Manifest, unusedForMs: number): Promise<boolean> {
    const dir = packageDir(this.root, manifest.ref);
    try {
      // No wait: a package being installed or removed elsewhere is skipped this round.
      return await withLock(lockDir(this.root, manifest.ref), { deadline: 0 }, async () => {
        if (Date.now() - lastUsedMs(dir) < unusedForMs) return false;
        // Renamed away first: installed() never sees a half-deleted folder.
        const trash = newTempDir(this.root, 'gc');
        renameSync(dir, trash);
        rmSync(trash, { recursive: true, force: true });
        return true;
      });
    } catch (error) {
      if (error instanceof LockTimeoutError) return false;
      throw error;
    }
  }

  private startFlight(ref: PackageRef, allowScripts: boolean): Flight {
    const controller = new AbortController();
    const listeners = new Set<(message: string) => void>();
    const flight: Flight = { controller, listeners, waiters: 0, promise: Promise.resolve() };
    const progress = (message: string) => {
      this.logger.debug({ package: packageKey(ref), message }, 'install progress');
      flight.lastMessage = message;
      for (const listener of listeners) listener(message);
    };
    // Started a microtask later, so the first caller's listener hears the first message.
    flight.promise = Promise.resolve()
      .then(() => this.install(ref, { allowScripts, signal: controller.signal, progress }))
      .finally(() => this.flights.delete(packageKey(ref)));
    // Rejections reach every waiter through waitFor; none may go unhandled when all have left.
    flight.promise.catch(() => {});
    return flight;
  }

  private async install(ref: PackageRef, options: { allowScripts: boolean; signal: AbortSignal; progress: (m: string) => void }): Promise<void> {
    const deadline = Date.now() + this.timeoutMs;
    const ctx: InstallContext = { root: this.root, npmRegistry: this.npmRegistry, pypiIndex: this.pypiIndex, deadline, ...options, logger: this.logger };
    options.progress(`installing ${ref.registry} ${packageSpec(ref)}`);
    try {
      await withLock(lockDir(this.root, ref), { deadline, signal: options.signal, onWait: () => options.progress(`waiting for another install of ${packageSpec(ref)}`) }, () => this.installLocked(ref, ctx));
    } catch (error) {
      if (options.signal.aborted) throw options.signal.reason;
      if (error instanceof PackageInstallError) throw error;
      if (error instanceof LockTimeoutError) throw new PackageInstallError('timeout', ref, 'another install of it did not finish in time');
      throw new PackageInstallError('failed', ref, (error as Error).message);
    }
  }

  private async installLocked(ref: PackageRef, ctx: InstallContext): Promise<void> {
    const final = packageDir(this.root, ref);
    if (readManifest(final)) return; // another process installed it while we waited
    // Whatever an earlier, dead install of this package left (we hold its lock now).
    cleanTemp(this.root, ref);
    rmSync(final, { recursive: true, force: true });
    const tmp = newTempDir(this.root, ref);
    const dir = path.join(tmp, 'pkg');
    mkdirSync(dir, { recursive: true });
    const started = Date.now();
    try {
      const outcome = ref.registry === 'npm' ? await installNpm(ref, dir, ctx) : await installPypi(ref, dir, { ...ctx, pythons: this.pythons });
      const installMs = Date.now() - started;
      writeManifest(dir, { format: 1, ref, installMs, installedAt: new Date().toISOString(), ...outcome });
      makeReadable(dir);
      renameSync(dir, final);
      ctx.progress(`installed ${packageSpec(ref)} in ${installMs} ms`);
      this.logger.info({ package: packageKey(ref), installMs, integrity: outcome.integrity }, 'package installed');
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }
}
