import { networkInterfaces } from 'node:os';
import { PUBLIC_DNS } from './host.ts';

/**
 * Destinations no server may reach with public egress: this host, private networks, shared
 * address space, link-local, benchmarking, multicast and reserved (IANA special-purpose
 * registries). The documentation ranges (192.0.2/24, 198.51.100/24, 203.0.113/24) are not listed:
 * nothing routes them publicly, and the build machines reach the registries through one of them.
 */
const PRIVATE_V4 = [
  '0.0.0.0/8', '10.0.0.0/8', '100.64.0.0/10', '127.0.0.0/8', '169.254.0.0/16', '172.16.0.0/12', '192.0.0.0/24',
  '192.168.0.0/16', '198.18.0.0/15', '224.0.0.0/3',
];
const PRIVATE_V6 = ['::/127', '::ffff:0:0/96', '64:ff9b::/96', '100::/64', 'fc00::/7', 'fe80::/10', 'ff00::/8'];

/**
 * nftables rules applied inside the instance's network namespace before the server starts.
 * Besides private, loopback, link-local (cloud metadata: 169.254.169.254) and multicast ranges,
 * the host's own addresses and IPv4 subnets are refused: pasta connects from the host, so a
 * service bound to 0.0.0.0 would otherwise answer on the host's own address. The one exception is DNS to
 * pasta's forwarder. Loopback inside the namespace is the instance's own, never the host's.
 */
export function egressRules(): string {
  const own = Object.values(networkInterfaces()).flatMap((list) => list ?? []);
  // The host's whole IPv4 subnets: its gateway and neighbours are its network, not the internet.
  const v4 = [...PRIVATE_V4, ...own.filter((a) => a.family === 'IPv4').map((a) => subnet(a.address, a.cidr))];
  const v6 = [...PRIVATE_V6, ...own.filter((a) => a.family === 'IPv6' && !a.address.includes('%')).map((a) => a.address)];
  return [
    'table inet switchboard_sandbox {',
    '  chain out {',
    '    type filter hook output priority 0; policy accept;',
    '    oifname "lo" accept',
    `    ip daddr ${PUBLIC_DNS} udp dport 53 accept`,
    `    ip daddr { ${[...new Set(v4)].join(', ')} } reject`,
    `    ip6 daddr { ${[...new Set(v6)].join(', ')} } reject`,
    '  }',
    '}',
  ].join('\n');
}

/** `a.b.c.d/n` with the host bits cleared (nft refuses a prefix with host bits set). */
function subnet(address: string, cidr: string | null): string {
  const bits = Number(cidr?.split('/')[1] ?? 32);
  const value = address.split('.').reduce((n, octet) => n * 256 + Number(octet), 0);
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  const network = (value & mask) >>> 0;
  return `${[24, 16, 8, 0].map((shift) => (network >>> shift) & 255).join('.')}/${bits}`;
}
