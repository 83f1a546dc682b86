import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sandboxedCommand } from './command.ts';
import type { EgressPolicy } from './command.ts';

export type SandboxSupport = { ok: true; egress: EgressPolicy[] } | { ok: false; reason: string };

/** A real start takes about 10 ms; a host that needs longer is failing (a hung mount, a lock). */
const PROBE_TIMEOUT_MS = 10_000;

/**
 * How long a failed probe is believed: a burst of availability checks costs one bwrap run, and
 * an operator who installs bubblewrap (or `npm test`'s set-up, which does) sees it work without
 * a restart. A success is kept for the process's life.
 */
const FAILURE_TTL_MS = 5_000;

let probed: { at: number; result: Promise<SandboxSupport> } | undefined;

/**
 * Whether this host can run servers sandboxed, found by running the real thing: a `true`
 * through the same argv every server gets (namespaces, mounts, cgroups, limits, uid switch).
 * Memoised (a failure for FAILURE_TTL_MS). `egress` lists the policies that ran: `public`
 * also needs pasta and nft, and a working user-mode network.
 */
export async function probeSandbox(): Promise<SandboxSupport> {
  if (probed && Date.now() - probed.at > FAILURE_TTL_MS && !(await probed.result).ok) probed = undefined;
  probed ??= { at: Date.now(), result: runProbe() };
  return probed.result;
}

async function runProbe(): Promise<SandboxSupport> {
  const workDir = mkdtempSync(join(tmpdir(), 'switchboard-sandbox-probe-'));
  try {
    const none = await attempt('none', join(workDir, 'none'));
    if (none !== undefined) return { ok: false, reason: `the MCP server sandbox (bubblewrap) cannot run here: ${none} (docs/sandbox.md)` };
    // Public egress needs pasta and nft besides: a host without them still runs offline servers.
    const egress: EgressPolicy[] = (await attempt('public', join(workDir, 'public'))) === undefined ? ['none', 'public'] : ['none'];
    return { ok: true, egress };
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

/** Runs `true` in the sandbox; undefined when it worked, else why not (one line). */
async function attempt(egress: EgressPolicy, workDir: string): Promise<string | undefined> {
  let argv;
  try {
    argv = sandboxedCommand('/bin/true', [], { readOnly: [], workDir, egress, env: {} });
  } catch (error) {
    return (error as Error).message;
  }
  const outcome = await run(argv.command, argv.args, argv.env);
  if (outcome.code === 0) return undefined;
  return outcome.stderr.trim().split('\n').pop() || `exit ${outcome.code ?? outcome.signal}`;
}

function run(command: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; signal: string | null; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'], timeout: PROBE_TIMEOUT_MS, killSignal: 'SIGKILL' });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2_000)));
    child.on('error', (error) => done({ code: null, signal: null, stderr: error.message }));
    child.on('close', (code, signal) => done({ code, signal, stderr }));
  });
}
