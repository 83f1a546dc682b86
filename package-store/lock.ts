import { mkdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** A holder refreshes its lock this often; one not refreshed for STALE_MS is abandoned. */
const REFRESH_MS = 5_000;
const STALE_MS = 30_000;
const POLL_MS = 200;

interface Owner {
  host: string;
  pid: number;
}

/** True when this process's pid namespace shows the process alive (EPERM: alive, not ours). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isStale(dir: string): boolean {
  let owner: Owner;
  try {
    const age = Date.now() - statSync(dir).mtimeMs;
    if (age > STALE_MS) return true;
    owner = JSON.parse(readFileSync(path.join(dir, 'owner.json'), 'utf8')) as Owner;
  } catch {
    // Just created, owner not written yet (or just released): not stale.
    return false;
  }
  return owner.host === hostname() && !isAlive(owner.pid);
}

/** Removes the lock if it is still ours: one broken while we held it may be someone else's now. */
function release(lockDir: string): void {
  try {
    const owner = JSON.parse(readFileSync(path.join(lockDir, 'owner.json'), 'utf8')) as Owner;
    if (owner.host !== hostname() || owner.pid !== process.pid) return;
  } catch {
    return;
  }
  rmSync(lockDir, { recursive: true, force: true });
}

export class LockTimeoutError extends Error {}

/**
 * Runs `fn` holding a lock shared by every process on the machine: a directory made with
 * mkdir (atomic: exactly one maker wins). Its holder refreshes it; a holder that died (pid gone
 * on this host) or stopped refreshing (another host, STALE_MS) loses it to the next taker, so
 * a SIGKILLed install never blocks the package. The lock saves duplicate work; correctness does
 * not rest on it (two processes breaking one stale lock at once may both go on): a package
 * lands by rename onto an absent folder, which fails when another install got there first.
 */
export async function withLock<T>(
  lockDir: string,
  options: { deadline: number; signal?: AbortSignal; onWait?: () => void },
  fn: () => Promise<T>,
): Promise<T> {
  mkdirSync(path.dirname(lockDir), { recursive: true });
  let waited = false;
  for (;;) {
    options.signal?.throwIfAborted();
    try {
      mkdirSync(lockDir);
      writeFileSync(path.join(lockDir, 'owner.json'), JSON.stringify({ host: hostname(), pid: process.pid } satisfies Owner));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (isStale(lockDir)) {
      const broken = `${lockDir}.broken-${process.pid}-${Date.now()}`;
      try {
        renameSync(lockDir, broken);
        rmSync(broken, { recursive: true, force: true });
      } catch {
        // Another process broke or released it first.
      }
      continue;
    }
    if (!waited) options.onWait?.();
    waited = true;
    if (Date.now() > options.deadline) throw new LockTimeoutError(`still locked by another install (${lockDir})`);
    await sleep(POLL_MS, undefined, { signal: options.signal });
  }
  const refresh = setInterval(() => {
    try {
      const now = new Date();
      utimesSync(lockDir, now, now);
    } catch {
      // Broken by someone who judged us stale: the rename onto the final folder still guards.
    }
  }, REFRESH_MS);
  refresh.unref();
  try {
    return await fn();
  } finally {
    clearInterval(refresh);
    release(lockDir);
  }
}
