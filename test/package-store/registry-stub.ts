import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { storeRoot } from './helpers.ts';

export const PROBE_NAME = 'sb-integrity-probe';
export const PROBE_VERSION = '1.0.0';

/** A one-file package packed by npm itself; `content` goes into its bin script. */
function pack(content: string): Buffer {
  const dir = storeRoot('probe-src');
  const src = path.join(dir, 'src');
  mkdirSync(src);
  writeFileSync(path.join(src, 'package.json'), JSON.stringify({ name: PROBE_NAME, version: PROBE_VERSION, bin: { [PROBE_NAME]: 'index.js' } }));
  writeFileSync(path.join(src, 'index.js'), `#!/usr/bin/env node\n${content}\n`);
  const packed = spawnSync('npm', ['pack', '--pack-destination', dir, '--cache', path.join(dir, 'cache')], { cwd: src, encoding: 'utf8' });
  if (packed.status !== 0) throw new Error(packed.stderr);
  return readFileSync(path.join(dir, `${PROBE_NAME}-${PROBE_VERSION}.tgz`));
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
 * at its dist.tarball) for one package. The packument publishes the hash of the genuine
 * tarball; tampered, the stub serves another one under the same name.
 */
export async function startRegistryStub(): Promise<RegistryStub> {
  const genuine = pack('console.log("genuine")');
  const tampered = pack('console.log("tampered")');
  let serveTampered = false;
  const server = createServer((req, res) => {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    if (req.url === `/${PROBE_NAME}`) {
      const tarball = `${base}/${PROBE_NAME}/-/${PROBE_NAME}-${PROBE_VERSION}.tgz`;
      const version = { name: PROBE_NAME, version: PROBE_VERSION, bin: { [PROBE_NAME]: 'index.js' }, dist: { integrity: sri(genuine), tarball } };
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ name: PROBE_NAME, 'dist-tags': { latest: PROBE_VERSION }, versions: { [PROBE_VERSION]: version } }));
    } else if (req.url === `/${PROBE_NAME}/-/${PROBE_NAME}-${PROBE_VERSION}.tgz`) {
      res.setHeader('content-type', 'application/octet-stream');
      res.end(serveTampered ? tampered : genuine);
    } else {
      res.statusCode = 404;
      res.end('{"error":"Not found"}');
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
