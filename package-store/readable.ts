import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Makes an installed package readable by every user, as a package manager run under umask 022
 * would leave it: folders 0755, files 0644 (0755 when their owner may run them). The service
 * runs under umask 077 (platform/entry.ts: its data folder holds secrets), which the installers
 * inherit, and the sandbox runs servers as another user (sandbox/host.ts, SANDBOX_UID), who
 * could not read a 0700 package. Nothing is made writable: the store stays the service's.
 */
export function makeReadable(root: string): void {
  const stack = [root];
  while (stack.length) {
    const dir = stack.pop()!;
    chmodSync(dir, 0o755);
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      const stat = lstatSync(full);
      if (stat.isSymbolicLink()) continue;
      if (stat.isDirectory()) stack.push(full);
      else chmodSync(full, stat.mode & 0o100 ? 0o755 : 0o644);
    }
  }
}
