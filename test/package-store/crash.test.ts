import { spawn } from 'node:child_process';
import { readdirSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { PackageStore } from '../../package-store/index.ts';
import { catalogEntry, capturedLogger, NPM_SERVER, storeContents, storeRoot, removeStoreRoots } from './helpers.ts';

afterAll(removeStoreRoots);

const CHILD = path.join(import.meta.dirname, 'ensure-child.ts');

/** Processes whose working folder is inside `root` (npm and uv run in the store's temp area). */
function processesIn(root: string): number[] {
  return readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .filter((pid) => {
      try {
        return readlinkSync(`/proc/${pid}/cwd`).startsWith(root);
      } catch {
        return false;
      }
    })
    .map(Number);
}

// Issue 35 item 1, "a worker dying mid-install loses nothing": another process is SIGKILLed
// while npm downloads. Nothing half-installed is visible, its npm does not live on, and the
// next ensure (a new process's store) installs the package.
describe('a process killed in the middle of an install', () => {
  it('leaves no half-install, and the next ensure succeeds', async () => {
    const root = storeRoot('crash');
    const entry = catalogEntry(NPM_SERVER);
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, root, JSON.stringify(entry.launch)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    await new Promise<void>((resolve, reject) => {
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        if (/progress: fetched \d+/.test(stderr)) resolve();
      });
      child.on('exit', () => reject(new Error(`the child ended before npm was under way:\n${stderr}`)));
    });
    expect(processesIn(root).length).toBeGreaterThan(0);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));

    // Its watchdog ends npm's process group once the pipe from the dead process closes.
    for (let i = 0; i < 50 && processesIn(root).length > 0; i++) await sleep(100);
    expect(processesIn(root)).toEqual([]);
    const left = storeContents(root);
    expect(left.npm).toEqual([]);
    expect(left.tmp.length).toBe(1); // the dead install's temp folder, nothing in npm/

    const { logger, lines } = capturedLogger();
    const store = new PackageStore({ root, logger });
    expect(storeContents(root).tmp).toEqual([]); // cleaned at start: its pid is gone
    const progress: string[] = [];
    const installed = await store.ensure({ ref: entry.launch.package, args: [] }, { onProgress: (m) => progress.push(m) });
    expect(installed.dir).toBe(path.join(root, 'npm', 'time-mcp@1.0.6'));
    // The dead process's lock did not hold the install up.
    expect(progress.some((m) => m.startsWith('waiting'))).toBe(false);
    expect(lines.filter((l) => l.msg === 'package installed')).toHaveLength(1);
    expect(storeContents(root)).toMatchObject({ tmp: [], locks: [] });
  }, 180_000);

  it('a second process waits for the first one\'s install instead of installing again', async () => {
    const root = storeRoot('two-processes');
    const entry = catalogEntry(NPM_SERVER);
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, root, JSON.stringify(entry.launch)], { stdio: ['ignore', 'pipe', 'pipe'] });
    // Listened for from the start: the child may well exit before our own ensure returns.
    const exited = new Promise((resolve) => child.once('exit', resolve));
    let stderr = '';
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    await new Promise<void>((resolve) => {
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        if (/progress: downloading/.test(stderr)) resolve();
      });
    });
    const { logger, lines } = capturedLogger();
    const progress: string[] = [];
    const mine = await new PackageStore({ root, logger }).ensure({ ref: entry.launch.package, args: [] }, { onProgress: (m) => progress.push(m) });
    await exited;
    expect(progress).toContain('waiting for another install of time-mcp@1.0.6');
    expect(lines.filter((l) => l.msg === 'package installed')).toHaveLength(0);
    expect(JSON.parse(stdout)).toEqual(mine);
  }, 180_000);
});
