// Sandbox layout and process helpers for the harvest. Everything lives under
// .cache/harvest (git-ignored) so a run never touches the user's HOME or the repo.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const HARVEST_ROOT = path.resolve(import.meta.dirname, '../../.cache/harvest');
export const RESULTS_DIR = path.join(HARVEST_ROOT, 'results');

/** Value given to a credential env var at start-up: obviously fake, never a real secret. */
export const FAKE_SECRET = 'placeholder-not-a-real-secret';
// Port 9 (discard) on loopback: nothing listens, so a server that dials out fails fast
// instead of reaching any network.
export const FAKE_URL = 'http://127.0.0.1:9';

export function placeholderFor(envName: string): string {
  if (/(URL|URI|HOST|ENDPOINT|BASE|SERVER|DOMAIN|INSTANCE)$/.test(envName)) return FAKE_URL;
  if (/PORT$/.test(envName)) return '9';
  if (/(EMAIL|USER|USERNAME)$/.test(envName)) return 'placeholder@example.invalid';
  return FAKE_SECRET;
}

const FAKE_KUBECONFIG = `apiVersion: v1
kind: Config
clusters: [{name: placeholder, cluster: {server: 'https://127.0.0.1:9', insecure-skip-tls-verify: true}}]
users: [{name: placeholder, user: {token: ${FAKE_SECRET}}}]
contexts: [{name: placeholder, context: {cluster: placeholder, user: placeholder, namespace: default}}]
current-context: placeholder
`;

export function slugOf(registry: string, pkg: string): string {
  return `${registry}-${pkg.replace(/^@/, '').replace(/[^A-Za-z0-9.-]+/g, '-')}`;
}

export interface ServerSandbox {
  root: string;
  home: string;
  work: string;
}

/** A fresh HOME and cwd per server so config files it writes stay in the sandbox. */
export function serverSandbox(slug: string): ServerSandbox {
  const root = path.join(HARVEST_ROOT, 'servers', slug);
  const sandbox = { root, home: path.join(root, 'home'), work: path.join(root, 'work') };
  mkdirSync(sandbox.work, { recursive: true });
  // Cluster tools refuse to start without a kubeconfig context; give them one that
  // points at the closed loopback port with a fake token.
  mkdirSync(path.join(sandbox.home, '.kube'), { recursive: true });
  writeFileSync(path.join(sandbox.home, '.kube', 'config'), FAKE_KUBECONFIG);
  // Same for AWS SDKs that look up the `default` profile before any call.
  mkdirSync(path.join(sandbox.home, '.aws'), { recursive: true });
  writeFileSync(path.join(sandbox.home, '.aws', 'credentials'), `[default]\naws_access_key_id = ${FAKE_SECRET}\naws_secret_access_key = ${FAKE_SECRET}\n`);
  writeFileSync(path.join(sandbox.home, '.aws', 'config'), '[default]\nregion = us-east-1\n');
  return sandbox;
}

/** Environment for child processes: PATH only from ours, plus the sandbox HOME. */
export function baseEnv(sandbox: ServerSandbox): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: sandbox.home,
    XDG_CONFIG_HOME: path.join(sandbox.home, '.config'),
    XDG_CACHE_HOME: path.join(sandbox.home, '.cache'),
    TMPDIR: sandbox.work,
    LANG: 'C.UTF-8',
    NODE_NO_WARNINGS: '1',
    // Browser automation packages try to download browsers at install; there is no
    // network for that and the tool list does not need a browser.
    PUPPETEER_SKIP_DOWNLOAD: '1',
    PUPPETEER_SKIP_CHROMIUM_DOWNLOAD: '1',
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
    SSL_CERT_FILE: process.env.SSL_CERT_FILE ?? '/etc/ssl/certs/ca-certificates.crt',
    PIP_DISABLE_PIP_VERSION_CHECK: '1',
  };
}

export interface RunResult {
  code: number | null;
  /** Tail of stdout + stderr, for error messages. */
  output: string;
  /** All of stdout, for commands whose answer is data. */
  stdout: string;
}

/** Runs a command to completion (or kills its process group at the timeout). */
export function run(command: string, args: string[], options: { cwd: string; env: Record<string, string>; timeoutMs: number }): Promise<RunResult> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let stdout = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-8000);
    };
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      keep(chunk);
    });
    child.stderr.on('data', keep);
    const timer = setTimeout(() => {
      output += `\n[timeout after ${options.timeoutMs} ms]`;
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, options.timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ code: -1, output: `${output}\n${error.message}`, stdout });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output, stdout });
    });
  });
}
