import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { storeRoot } from './helpers.ts';

export const PYPI_PROBE = { name: 'sb-pypi-probe', version: '1.0.0' };
const WHEEL = 'sb_pypi_probe-1.0.0-py3-none-any.whl';

// A pure-Python wheel with one console script, built with zipfile (no build backend needed).
const BUILD = `
import base64, hashlib, sys, zipfile
out, text = sys.argv[1], sys.argv[2]
files = {
  'sb_pypi_probe/__init__.py': 'def main():\\n    print(%r)\\n' % text,
  'sb_pypi_probe-1.0.0.dist-info/METADATA': 'Metadata-Version: 2.1\\nName: sb-pypi-probe\\nVersion: 1.0.0\\n',
  'sb_pypi_probe-1.0.0.dist-info/WHEEL': 'Wheel-Version: 1.0\\nGenerator: test\\nRoot-Is-Purelib: true\\nTag: py3-none-any\\n',
  'sb_pypi_probe-1.0.0.dist-info/entry_points.txt': '[console_scripts]\\nsb-pypi-probe = sb_pypi_probe:main\\n',
}
record = ''.join('%s,sha256=%s,%d\\n' % (n, base64.urlsafe_b64encode(hashlib.sha256(c.encode()).digest()).rstrip(b'=').decode(), len(c.encode())) for n, c in files.items())
files['sb_pypi_probe-1.0.0.dist-info/RECORD'] = record + 'sb_pypi_probe-1.0.0.dist-info/RECORD,,\\n'
with zipfile.ZipFile(out, 'w') as z:
    for n, c in files.items(): z.writestr(n, c)
`;

function wheel(text: string): Buffer {
  const out = path.join(storeRoot('pypi-probe'), WHEEL);
  const built = spawnSync('python3', ['-c', BUILD, out, text], { encoding: 'utf8' });
  if (built.status !== 0) throw new Error(built.stderr);
  return readFileSync(out);
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

export interface PypiStub {
  url: string;
  tamper(on: boolean): void;
  close(): Promise<void>;
}

/**
 * A test double at the network edge speaking PyPI's public APIs for one package: the JSON API
 * publishes the genuine wheel's sha256, while the simple index lists whatever file is served
 * with that file's own hash, as a compromised mirror would. Only the check against the JSON
 * API's hash can catch the tamper. Everything else (uv's own bootstrap) passes through to PyPI.
 */
export async function startPypiStub(): Promise<PypiStub> {
  const genuine = wheel('genuine');
  const tampered = wheel('tampered');
  let serveTampered = false;
  const served = () => (serveTampered ? tampered : genuine);
  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    if (url === `/pypi/${PYPI_PROBE.name}/json`) {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ info: { name: PYPI_PROBE.name, version: PYPI_PROBE.version }, releases: { [PYPI_PROBE.version]: [{ filename: WHEEL, packagetype: 'bdist_wheel', digests: { sha256: sha256(genuine) } }] } }));
    } else if (url.startsWith(`/simple/${PYPI_PROBE.name}/`)) {
      res.setHeader('content-type', 'text/html');
      res.end(`<!DOCTYPE html><html><body><a href="/files/${WHEEL}#sha256=${sha256(served())}">${WHEEL}</a></body></html>`);
    } else if (url === `/files/${WHEEL}`) {
      res.setHeader('content-type', 'application/octet-stream');
      res.end(served());
    } else {
      fetch(`https://pypi.org${url}`, { headers: { accept: req.headers.accept ?? '*/*' } })
        .then(async (upstream) => {
          res.statusCode = upstream.status;
          res.setHeader('content-type', upstream.headers.get('content-type') ?? 'application/octet-stream');
          res.end(Buffer.from(await upstream.arrayBuffer()));
        })
        .catch(() => {
          res.statusCode = 502;
          res.end();
        });
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
