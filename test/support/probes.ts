import { Connection } from '@temporalio/client';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { probeSandbox } from '../../sandbox/index.ts';

/*
 * One cheap real request per service, each failing with the underlying reason. Used by the
 * global setup to decide whether a service must be started before any test runs.
 */

export async function probePostgres(url: string): Promise<void> {
  const sql = postgres(url, { max: 1, connect_timeout: 5, onnotice: () => {} });
  try {
    await sql`select 1`;
  } finally {
    await sql.end({ timeout: 1 });
  }
}

export async function probeTemporal(address: string): Promise<void> {
  // A real gRPC round trip: an open port alone could be a server still starting.
  // A subchannel of its own: grpc-js shares subchannels, and their reconnect back-off, between
  // channels to one address, so a probe must not inherit an earlier failed probe's back-off.
  const connection = await Connection.connect({ address, connectTimeout: 5_000, channelArgs: { 'grpc.use_local_subchannel_pool': 1 } });
  try {
    await connection.workflowService.getSystemInfo({});
  } finally {
    await connection.close();
  }
}

export async function probeElasticsearch(url: string): Promise<void> {
  const response = await fetch(`${url}/_cluster/health?wait_for_status=yellow&timeout=5s`, {
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`cluster health answered HTTP ${response.status}`);
  const { status } = (await response.json()) as { status?: string };
  if (status !== 'green' && status !== 'yellow') throw new Error(`cluster health is ${status}`);
}

/** The Temporal CLI binary runs (a half-written build or a foreign-architecture file does not). */
export async function probeTemporalCli(path: string): Promise<void> {
  const { stdout } = await promisify(execFile)(path, ['--version'], { timeout: 10_000 });
  if (!/temporal version/i.test(stdout)) throw new Error(`${path} --version printed ${JSON.stringify(stdout.trim())}`);
}

/** Each binary runs and prints its version (the cluster's server and schema tool). */
export async function probeBinaries(paths: string[]): Promise<void> {
  for (const path of paths) {
    const { stdout } = await promisify(execFile)(path, ['--version'], { timeout: 10_000 });
    if (!/version \d/.test(stdout)) throw new Error(`${path} --version printed ${JSON.stringify(stdout.trim())}`);
  }
}

/** The browser binary starts (headless, as the console's tests run it). */
export async function probeChromium(path: string): Promise<void> {
  const { stdout } = await promisify(execFile)(path, ['--headless', '--no-sandbox', '--version'], { timeout: 30_000 });
  if (!/chromium \d+/i.test(stdout)) throw new Error(`${path} --version printed ${JSON.stringify(stdout.trim())}`);
}

/** The MCP server sandbox runs here (the service's own probe: the full bwrap argv, once). */
export async function probeMcpSandbox(): Promise<void> {
  const support = await probeSandbox();
  if (!support.ok) throw new Error(support.reason);
}

/** The URL without its password, for error messages. */
export function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}
