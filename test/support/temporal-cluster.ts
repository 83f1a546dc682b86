import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/*
 * The real Temporal server (scripts/infra/temporal-cluster.sh) for the tests of the scale-out
 * shape. Only the tests that call ensureTemporalCluster() use it: the default run stays on the
 * dev server of test/global-setup.ts.
 */

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Where temporal-cluster.sh serves unless TEMPORAL_CLUSTER_PORT says otherwise. */
export const DEFAULT_TEMPORAL_CLUSTER_ADDRESS = '127.0.0.1:7333';

export interface TemporalCluster {
  /** host:port of the cluster's frontend, for TEMPORAL_ADDRESS. */
  address: string;
  namespace: string;
}

let ensuring: Promise<TemporalCluster> | undefined;

/**
 * Reuses the running cluster or builds, sets up and starts it (its progress lines go to this
 * process's stderr: a cold build takes minutes). The cluster is shared by the test files; the
 * global setup stops it when the run ends if this run started it (a running one is left running).
 * A cold build takes far longer than vitest's hook timeout: give the calling hook
 * TEMPORAL_CLUSTER_START_MS (or build beforehand with `temporal-cluster.sh --build-only`).
 */
export function ensureTemporalCluster(): Promise<TemporalCluster> {
  ensuring ??= runClusterScript().catch((error: unknown) => {
    ensuring = undefined;
    throw error;
  });
  return ensuring;
}

/**
 * What ensureTemporalCluster() may take: once built, a start takes about 20 s and a reuse 1 s.
 * The global setup builds the binaries before any test runs; the bound still covers a cold build
 * under load (20 min on a 2-core machine at load 8-16, about 3 min idle) for a run whose binaries
 * vanished since.
 */
export const TEMPORAL_CLUSTER_START_MS = 45 * 60_000;

function runClusterScript(): Promise<TemporalCluster> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['scripts/infra/temporal-cluster.sh'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      process.stderr.write(chunk);
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      const address = stdout.trim().split('\n').pop() ?? '';
      if (code === 0 && /^[^:\s]+:\d+$/.test(address)) {
        resolve({ address, namespace: process.env.TEMPORAL_NAMESPACE || 'default' });
        return;
      }
      const tail = stderr.trim().split('\n').slice(-5).join('\n');
      reject(new Error(`scripts/infra/temporal-cluster.sh exited ${code} without an address:\n${tail}`));
    });
  });
}
