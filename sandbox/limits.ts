/** Resource limits of one sandboxed server process tree (docs/sandbox.md, "Limits"). */
export interface SandboxLimits {
  /** Memory of the whole instance (cgroup); each process's RLIMIT_DATA is at least 2 GiB (processDataLimit). */
  memoryBytes: number;
  /** Processes and threads of the instance (pids cgroup, and RLIMIT_NPROC in its own user namespace). */
  processes: number;
  /** Largest file it may write (RLIMIT_FSIZE); also the size of its /tmp and /dev/shm. */
  fileSizeBytes: number;
  /** CPU time of each process over its whole life (RLIMIT_CPU), then SIGKILL. */
  cpuSeconds: number;
  /** Open file descriptors per process (RLIMIT_NOFILE). */
  openFiles: number;
}

const MiB = 1024 * 1024;

/**
 * - memoryBytes 512 MiB: a Node or Python MCP server idles at 40-80 MB; 512 MiB leaves room to
 *   parse a large document, and is a ceiling, not a reservation (the pool's instance cap bounds
 *   the sum). RLIMIT_AS was measured unusable for Node: V8 reserves address space up front, and
 *   `new WebAssembly.Memory` fails under any RLIMIT_AS below 16 GiB; RLIMIT_DATA counts only
 *   committed writable memory, so Node and WebAssembly start under it and an endless allocation
 *   still dies at the figure.
 * - processes 128: counts threads too (Node starts about 10, a thread pool may add more); a
 *   fork bomb stops there.
 * - fileSizeBytes 128 MiB: a server's SQLite file or download fits; one file cannot fill the disk.
 * - cpuSeconds 600: counted over a process's life, so a warm instance that spins is killed within
 *   10 CPU-minutes; the pool starts a fresh one on the next call.
 * - openFiles 1024: the usual soft default; enough for a server with many sockets.
 */
export const DEFAULT_SANDBOX_LIMITS: SandboxLimits = Object.freeze({
  memoryBytes: 512 * MiB,
  processes: 128,
  fileSizeBytes: 128 * MiB,
  cpuSeconds: 600,
  openFiles: 1024,
});

/** The defaults with the spec's overrides; every figure must be a positive integer. */
export function resolveLimits(overrides: Partial<SandboxLimits> = {}): SandboxLimits {
  const limits = { ...DEFAULT_SANDBOX_LIMITS, ...overrides };
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`sandbox limit ${name} must be a positive integer, got ${value}`);
  }
  return limits;
}

/**
 * RLIMIT_DATA of each process: the instance's memory, but at least 2 GiB. Node 24's V8 counts
 * its code-range reservation against RLIMIT_DATA and aborts at start below about 1 GiB (measured:
 * 512 MiB fails, 1 GiB starts); the instance's own figure is held by its memory cgroup, and
 * this rlimit is the per-process backstop where no cgroup is writable (docs/sandbox.md).
 */
export function processDataLimit(limits: SandboxLimits): number {
  return Math.max(limits.memoryBytes, 2048 * MiB);
}

/** util-linux prlimit's arguments: each value sets the soft and the hard limit alike. */
export function prlimitArgs(limits: SandboxLimits): string[] {
  return [
    `--data=${processDataLimit(limits)}`,
    `--nproc=${limits.processes}`,
    `--fsize=${limits.fileSizeBytes}`,
    `--cpu=${limits.cpuSeconds}`,
    `--nofile=${limits.openFiles}`,
    // A crashing server would otherwise write a core file as large as its memory into its folder.
    '--core=0',
  ];
}
