import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { Server } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleHostileServer } from './hostile.ts';

// The container shape runs the service as a non-root user (the image's `node`): the sandbox
// there has no host root to set nft rules with, so the holder's user namespace maps the service
// to root, nft runs in it, and the server nests a namespace of its own below. Under a root test
// run the same code runs as `nobody` (setpriv), from files bundled into a world-readable folder.

const root = process.getuid?.() === 0;
const NOBODY = 65534;
let bundle: Awaited<ReturnType<typeof bundleHostileServer>>;
let runner: string;
const listeners: Server[] = [];
const connections = { loopback: 0, everywhere: 0 };
const ports = { loopback: 0, everywhere: 0 };
const hostAddress = Object.values(networkInterfaces()).flatMap((l) => l ?? []).find((a) => a.family === 'IPv4' && !a.internal)?.address ?? '';

async function listen(host: string, name: keyof typeof connections): Promise<void> {
  const server = createServer((socket) => {
    connections[name]++;
    socket.destroy();
  });
  await new Promise<void>((done) => server.listen(0, host, done));
  ports[name] = (server.address() as { port: number }).port;
  listeners.push(server);
}

beforeAll(async () => {
  bundle = await bundleHostileServer();
  runner = join(bundle.root, 'non-root-run.mjs');
  await build({
    entryPoints: [fileURLToPath(new URL('./fixtures/non-root-run.ts', import.meta.url))],
    outfile: runner,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    external: ['esbuild'],
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  });
  // What `nobody` must read: the bundles and the package folder (mkdtemp made them 0700).
  for (const dir of [bundle.root, join(bundle.root, 'store'), bundle.packageDir]) chmodSync(dir, 0o755);
  for (const file of [runner, bundle.entry]) chmodSync(file, 0o644);
  mkdirSync(join(bundle.root, 'instances'), { mode: 0o777 });
  chmodSync(join(bundle.root, 'instances'), 0o777);
  await listen('127.0.0.1', 'loopback');
  await listen('0.0.0.0', 'everywhere');
}, 120_000);

afterAll(async () => {
  for (const server of listeners) await new Promise((done) => server.close(done));
  bundle?.cleanup();
});

describe('the sandbox under a non-root service', () => {
  it('offers public egress: the internet, but not loopback, the host, private ranges or metadata, and no capability to change that', () => {
    const args = [runner, bundle.entry, bundle.packageDir, join(bundle.root, 'instances', 'public'), String(ports.loopback), String(ports.everywhere), hostAddress];
    const home = mkdtempSync(join(tmpdir(), 'sb-nobody-home-'));
    chmodSync(home, 0o777);
    try {
      const output = root
        ? execFileSync('setpriv', [`--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', process.execPath, ...args], { encoding: 'utf8', env: { PATH: process.env.PATH, HOME: home }, timeout: 90_000 })
        : execFileSync(process.execPath, args, { encoding: 'utf8', timeout: 90_000 });
      const report = JSON.parse(output.trim().split('\n').pop()!) as Record<string, unknown>;
      if (root) expect(report.uid).toBe(NOBODY);
      expect(report.support).toEqual({ ok: true, egress: ['none', 'public'] });
      // The positive control: a name resolves and a public port answers.
      expect(report.registry).toEqual({ ok: true });
      for (const refused of ['loopback', 'everywhere', 'hostAddress', 'metadata', 'privateRange']) expect(report[refused], refused).toMatchObject({ ok: false });
      expect(connections).toEqual({ loopback: 0, everywhere: 0 });
      expect(report.privileges).toMatchObject({ capEff: '0000000000000000', noNewPrivs: '1', usernsExit: 1 });
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
