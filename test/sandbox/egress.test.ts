import { createServer } from 'node:net';
import type { Server } from 'node:net';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeSandbox } from '../../sandbox/index.ts';
import type { EgressPolicy } from '../../sandbox/index.ts';
import { bundleHostileServer, launchHostile } from './hostile.ts';
import type { Launched } from './hostile.ts';

// Egress per entry: `none` reaches nothing; `public` reaches the internet (here: the npm
// registry, which these machines and CI reach) but not the host's loopback, its own address
// (a service bound to 0.0.0.0), private ranges or the cloud metadata address.

let server: Awaited<ReturnType<typeof bundleHostileServer>>;
let egress: EgressPolicy[] = [];
const listeners: Array<{ server: Server; port: number; connections: number }> = [];
/** The host's own non-loopback IPv4 address, where a 0.0.0.0 listener answers. */
const hostAddress = Object.values(networkInterfaces()).flatMap((l) => l ?? []).find((a) => a.family === 'IPv4' && !a.internal)?.address;

async function listen(host: string): Promise<(typeof listeners)[number]> {
  const entry = { server: createServer(), port: 0, connections: 0 };
  entry.server.on('connection', (socket) => {
    entry.connections++;
    socket.destroy();
  });
  await new Promise<void>((done) => entry.server.listen(0, host, done));
  entry.port = (entry.server.address() as { port: number }).port;
  listeners.push(entry);
  return entry;
}

const launch = (name: string, policy: EgressPolicy): Promise<Launched> =>
  launchHostile(server.entry, { readOnly: [server.packageDir], workDir: join(server.root, name), egress: policy, env: {} });

beforeAll(async () => {
  const support = await probeSandbox();
  expect(support.ok).toBe(true);
  egress = support.ok ? support.egress : [];
  server = await bundleHostileServer();
});
afterAll(async () => {
  for (const l of listeners) await new Promise((done) => l.server.close(done));
  server?.cleanup();
});

describe('egress', () => {
  it('none: not even the public internet', async () => {
    const boxed = await launch('none', 'none');
    try {
      expect(await boxed.call('connect', { host: 'registry.npmjs.org', port: 443 })).toMatchObject({ ok: false });
    } finally {
      await boxed.close();
    }
  });

  it('public: the registry, but not loopback, the host, private ranges or metadata', async () => {
    // Root or not (non-root.test.ts runs the other shape as `nobody`).
    expect(egress).toEqual(['none', 'public']);
    const loopback = await listen('127.0.0.1');
    const everywhere = await listen('0.0.0.0');
    const boxed = await launch('public', 'public');
    try {
      // The positive control: a name resolves (pasta's DNS forwarder) and a public port answers.
      expect(await boxed.call('connect', { host: 'registry.npmjs.org', port: 443 })).toEqual({ ok: true });
      const refused = [
        ['127.0.0.1', loopback.port],
        ['127.0.0.1', everywhere.port],
        ...(hostAddress ? [[hostAddress, everywhere.port]] : []),
        ['169.254.169.254', 80],
        ['10.0.0.1', 80],
        ['192.168.1.1', 80],
      ] as const;
      for (const [host, port] of refused) expect(await boxed.call('connect', { host, port }), `${host}:${port}`).toMatchObject({ ok: false });
      expect([loopback.connections, everywhere.connections]).toEqual([0, 0]);
      // Its nft rules hold only while it cannot get CAP_NET_ADMIN in a namespace of its own.
      expect(await boxed.call('privileges')).toMatchObject({ capEff: '0000000000000000', noNewPrivs: '1', usernsExit: 1 });
    } finally {
      await boxed.close();
    }
  });
});
