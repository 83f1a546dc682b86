import { lookup } from 'node:dns';
import type { LookupAddress, LookupOptions } from 'node:dns';
import { lookup as lookupAsync } from 'node:dns/promises';
import { isIP } from 'node:net';

const V4_BLOCKED: Array<[number, number]> = [
  [0x00000000, 8], // "this" network
  [0x0a000000, 8], // private
  [0x64400000, 10], // carrier-grade NAT
  [0x7f000000, 8], // loopback
  [0xa9fe0000, 16], // link-local (cloud metadata lives here)
  [0xac100000, 12], // private
  [0xc0a80000, 16], // private
  [0xe0000000, 3], // multicast and reserved
];

function v4ToInt(ip: string): number {
  return ip.split('.').reduce((n, part) => (n << 8) + Number(part), 0) >>> 0;
}

/** Loopback, private, link-local and other non-public addresses (IPv4, IPv6, v4-mapped v6). */
export function isPrivateAddress(ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return isPrivateAddress(mapped[1] as string);
  if (isIP(ip) === 4) {
    const n = v4ToInt(ip);
    return V4_BLOCKED.some(([base, bits]) => (n >>> (32 - bits)) === (base >>> (32 - bits)));
  }
  const lower = ip.toLowerCase();
  return lower === '::1' || lower === '::' || /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower);
}

/**
 * Why a webhook URL is refused, or undefined when it is fine: http(s) only, and unless
 * private targets are allowed, every address the host resolves to must be public (SSRF).
 */
export async function webhookUrlProblem(raw: string, allowPrivate: boolean): Promise<string | undefined> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'url is not a valid absolute URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'url must use http or https';
  if (url.username || url.password) return 'url must not carry credentials';
  if (allowPrivate) return undefined;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : await lookupAsync(host, { all: true }).then((all) => all.map((a) => a.address), () => undefined);
  if (!addresses) return `url host ${host} does not resolve`;
  const blocked = addresses.find(isPrivateAddress);
  return blocked ? `url resolves to a private, loopback or link-local address (${blocked})` : undefined;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A dns.lookup for http.request that refuses private addresses at connect time, so a name
 * that resolved to a public address at subscription time cannot be rebound to an internal one.
 */
export function guardedLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const blocked = addresses.find((a) => isPrivateAddress(a.address));
    if (blocked) return callback(Object.assign(new Error(`refused private address ${blocked.address}`), { code: 'EPRIVATE' }), []);
    if (options.all) return callback(null, addresses);
    const first = addresses[0] as LookupAddress;
    callback(null, first.address, first.family);
  });
}
