import { spawn } from 'node:child_process';
import type { ChildProcess, SpawnOptions } from 'node:child_process';

/**
 * Children that run in a process group of their own. A Ctrl-C signals the terminal's whole
 * foreground group; a child in that group would die before the service had drained, and its
 * running activities would fail against it. Detached, only the service hears the signal
 * and stops its children itself, last. The price: nothing stops them for us any more, so
 * every group still alive when this process exits — a normal exit, process.exit() after a
 * start-up error, an uncaught exception — is killed by the exit hook below.
 */
const groups = new Set<number>();
let hooked = false;

function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false; // ESRCH: the group is empty
  }
}

function killAllOnExit(): void {
  // 'exit' handlers must be synchronous: no time for SIGTERM and a wait. The graceful path
  // (stopGroup) has already run for everything stopped in order; this is the backstop.
  for (const pgid of groups) signalGroup(pgid, 'SIGKILL');
  groups.clear();
}

/** Spawns `command` as the leader of a new process group, killed at the latest when we exit. */
export function spawnGroup(command: string, args: string[], options: Omit<SpawnOptions, 'detached'>): ChildProcess {
  const child = spawn(command, args, { ...options, detached: true });
  if (child.pid === undefined) return child; // failed to spawn: 'error' follows, nothing to track
  const pgid = child.pid;
  groups.add(pgid);
  if (!hooked) {
    hooked = true;
    process.on('exit', killAllOnExit);
  }
  child.once('exit', () => {
    // Grandchildren may still hold the group; forget it only once it is empty.
    if (!signalGroup(pgid, 0)) groups.delete(pgid);
  });
  return child;
}

function exited(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/**
 * SIGTERM to the whole group, SIGKILL after `graceMs` if the leader is still there, and a
 * final SIGKILL for members that outlived it. Resolves when the leader has exited.
 */
export async function stopGroup(child: ChildProcess, graceMs: number): Promise<void> {
  const pgid = child.pid;
  if (pgid === undefined) return;
  if (!(await exited(child, 0))) {
    signalGroup(pgid, 'SIGTERM');
    if (!(await exited(child, graceMs))) {
      signalGroup(pgid, 'SIGKILL');
      await exited(child, 2_000);
    }
  }
  signalGroup(pgid, 'SIGKILL');
  groups.delete(pgid);
}
