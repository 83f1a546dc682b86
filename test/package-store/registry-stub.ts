import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { storeRoot } from './helpers.ts';

export const PROBE_NAME = 'sb-integrity-probe';
export const SCRIPT_PROBE_NAME = 'sb-script-probe';
export const PROBE_VERSION = '1.0.0';

/** A one-file package packed by npm itself; `content` goes into its bin script. */
function pack(name: string, content: string, extra: Record<string, unknown> = {}): Buffer {
  const dir = storeRoot('probe-src');
  const src = path.join(dir, 'src');
  mkdirSync(src);
  writeFileSync(path.join(src, 'package.json'), JSON.stringify({ name, version: PROBE_VERSION, bin: { [name]: 'index.js' }, ...extra }));
  writeFileSync(path.join(src, 'index.js'), `#!/usr/bin/env node\n${content}\n`);
  // --ignore-scripts: packing must not run the probe's own postinstall.
  const packed = spawnSync('npm', ['pack', '--ignore-scripts', '--pack-destination', dir, '--cache', path.join(dir, 'cache')], { cwd: src, encoding: 'utf8' });
  if (packed.status !== 0) throw new Error(packed.stderr);
  return readFileSync(path.join(dir, `${name}-${PROBE_VERSION}.tgz`));
}

const sri = (data: Buffer) => `sha512-${createHash('sha512').update(data).digest('base64')}`;

export interface RegistryStub {
  url: string;
  /** Serve a tarball other than the one the packument's integrity describes. */
  tamper(on: boolean): void;
  close(): Promise<void>;
}

/**
 * A test double at the network edge: npm's public registry API (packument at /<name>, tarball
 * at its dist.tarball) for two packages. The integrity probe's packument publishes the hash of
 * the genuine tarball; tampered, the stub serves another one under the same name. The script
 * probe has a postinstall that fails.
 */
export async function startRegistryStub(): Promise<RegistryStub> {
  const genuine = pack(PROBE_NAME, 'console.log("genuine")');
  const tampered = pack(PROBE_NAME, 'console.log("tampered")');
  const failing = pack(SCRIPT_PROBE_NAME, 'console.log("never run")', { scripts: { postinstall: 'echo postinstall failing; exit 3' } });
  let serveTampered = false;
  const tarballs: Record<string, () => Buffer> = { [PROBE_NAME]: () => (serveTampered ? tampered : genuine), [SCRIPT_PROBE_NAME]: () => failing };
  const published: Record<string, Buffer> = { [PROBE_NAME]: genuine, [SCRIPT_PROBE_NAME]: failing };
  const server = createServer((req, res) => {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const name = Object.keys(tarballs).find((n) => req.url === `/${n}` || req.url === `/${n}/-/${n}-${PROBE_VERSION}.tgz`);
    if (!name) {
      res.statusCode = 404;
      res.end('{"error":"Not found"}');
    } else if (req.url === `/${name}`) {
      const tarball = `${base}/${name}/-/${name}-${PROBE_VERSION}.tgz`;
      const scripts = name === SCRIPT_PROBE_NAME ? { hasInstallScript: true } : {};
      const version = { name, version: PROBE_VERSION, bin: { [name]: 'index.js' }, ...scripts, dist: { integrity: sri(published[name] as Buffer), tarball } };
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ name, 'dist-tags': { latest: PROBE_VERSION }, versions: { [PROBE_VERSION]: version } }));
    } else {
      res.setHeader('content-type', 'application/octet-stream');
      res.end(tarballs[name]?.());
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    tamper: (on) => {
      serveTampered = on;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
