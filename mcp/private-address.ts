import { BlockList, isIP } from 'node:net';

// Which addresses an outbound request on behalf of a user may never reach (SSRF): loopback,
// private, link-local (cloud metadata), carrier-grade NAT, multicast, reserved, and every IPv6
// form that carries one of those IPv4 addresses inside it. node:net's BlockList parses both
// families (and matches an IPv4 rule against its IPv4-mapped IPv6 form), so no address is
// compared as text: a regex over text missed `::ffff:7f00:1`, the form WHATWG URL gives
// `[::ffff:127.0.0.1]` (issue 33 item 6).

/** IPv4 ranges that are not the public internet (RFC 6890 special-purpose registry). */
const V4_RANGES: ReadonlyArray<readonly [string, number]> = [
  ['0.0.0.0', 8], // "this network"; 0.0.0.0 reaches the local host on Linux
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local: cloud metadata lives here
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3], // multicast, reserved, broadcast
];

/** IPv6 ranges refused whole. */
const V6_RANGES: ReadonlyArray<readonly [string, number]> = [
  ['::', 128], // unspecified
  ['::1', 128],
  ['100::', 64], // discard-only
  ['2001::', 32], // Teredo: the IPv4 inside is obfuscated, so refuse the prefix
  ['2001:db8::', 32], // documentation
  ['64:ff9b:1::', 48], // local-use NAT64 (RFC 8215): translates to private networks by design
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still routed by some stacks)
  ['ff00::', 8], // multicast
];

/**
 * IPv6 prefixes that embed an IPv4 address: the IPv4 ranges above are refused inside each.
 * `::ffff:0:0/96` (mapped) BlockList already matches from the IPv4 rules; it is listed anyway
 * so the rule does not rest on that behaviour alone.
 */
function embedded(base: string, bits: number): Array<readonly [string, number]> {
  const [a, b, c, d] = base.split('.').map(Number) as [number, number, number, number];
  const hex = (hi: number, lo: number) => ((hi << 8) | lo).toString(16);
  return [
    [`::ffff:${base}`, 96 + bits], // IPv4-mapped
    [`::ffff:0:${base}`, 96 + bits], // IPv4-translated (RFC 2765)
    [`::${base}`, 96 + bits], // IPv4-compatible (deprecated)
    [`64:ff9b::${base}`, 96 + bits], // NAT64 well-known prefix
    [`2002:${hex(a, b)}:${hex(c, d)}::`, 16 + bits], // 6to4
  ];
}

const blocked = new BlockList();
for (const [base, bits] of V4_RANGES) {
  blocked.addSubnet(base, bits, 'ipv4');
  for (const [v6, v6bits] of embedded(base, bits)) blocked.addSubnet(v6, v6bits, 'ipv6');
}
for (const [base, bits] of V6_RANGES) blocked.addSubnet(base, bits, 'ipv6');

/**
 * True for an address an outbound request on a user's behalf must not reach. Anything that
 * is not an IP address at all counts as refused: the caller asked about an address.
 */
export function isPrivateAddress(address: string): boolean {
  // Brackets from a URL host, and a zone id (fe80::1%eth0) a resolver may append.
  const ip = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(ip);
  if (family === 4) return blocked.check(ip, 'ipv4');
  if (family === 6) return blocked.check(ip, 'ipv6');
  return true;
}
