import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A package packed by npm itself from `files` and the manifest fields in `manifest` (name,
 * version, bin, scripts ...). `--ignore-scripts`: packing must not run the package's own scripts.
 */
export function packNpmPackage(manifest: { name: string; version: string } & Record<string, unknown>, files: Record<string, string | Buffer>): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'sb-npm-pack-'));
  try {
    const src = path.join(dir, 'src');
    mkdirSync(src);
    writeFileSync(path.join(src, 'package.json'), JSON.stringify(manifest));
    for (const [name, content] of Object.entries(files)) writeFileSync(path.join(src, name), content);
    const packed = spawnSync('npm', ['pack', '--ignore-scripts', '--pack-destination', dir, '--cache', path.join(dir, 'cache')], { cwd: src, encoding: 'utf8' });
    if (packed.status !== 0) throw new Error(packed.stderr);
    const unscoped = manifest.name.replace(/^@/, '').replace('/', '-');
    return readFileSync(path.join(dir, `${unscoped}-${manifest.version}.tgz`));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface StubPackage {
  name: string;
  version: string;
  /** The manifest fields npm reads from the packument's version (bin, hasInstallScript ...). */
  fields?: Record<string, unknown>;
  /** The tarball whose hash the packument publishes. */
  published: Buffer;
  /** What is served as the tarball (default `published`); another one stands for a tampered mirror. */
  served?: () => Buffer;
  /** Called when the tarball is asked for; the answer waits for it (a slow registry). */
  beforeTarball?: () => Promise<void>;
}

export interface NpmRegistryStub {
  url: string;
  /** How many times each package's tarball was asked for. */
  tarballRequests: Map<string, number>;
  close(): Promise<void>;
}

const sri = (data: Buffer) => `sha512-${createHash('sha512').update(data).digest('base64')}`;

/**
 * A test double at the network edge: npm's public registry API (the packument at /<name>, the
 * tarball at its dist.tarball) for the packages given, as a mirror (NPM_REGISTRY_URL) would serve them.
 */
export async function startNpmRegistryStub(packages: StubPackage[]): Promise<NpmRegistryStub> {
  const tarballRequests = new Map<string, number>();
  const tarballPath = (p: StubPackage) => `/${p.name}/-/${p.name.replace(/^@[^/]+\//, '')}-${p.version}.tgz`;
  const server = createServer((req, res) => {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const url = decodeURIComponent(req.url ?? '');
    const packument = packages.filter((p) => url === `/${p.name}`);
    const tarball = packages.find((p) => url === tarballPath(p));
    if (packument.length > 0) {
      const name = packument[0]!.name;
      const versions = Object.fromEntries(
        packument.map((p) => [p.version, { name, version: p.version, ...p.fields, dist: { integrity: sri(p.published), tarball: `${base}${tarballPath(p)}` } }]),
      );
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ name, 'dist-tags': { latest: packument.at(-1)!.version }, versions }));
    } else if (tarball) {
      tarballRequests.set(tarball.name, (tarballRequests.get(tarball.name) ?? 0) + 1);
      void (tarball.beforeTarball?.() ?? Promise.resolve()).then(() => {
        res.setHeader('content-type', 'application/octet-stream');
        res.end((tarball.served ?? (() => tarball.published))());
      });
    } else {
      res.statusCode = 404;
      res.end('{"error":"Not found"}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    tarballRequests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
