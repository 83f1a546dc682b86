import { lookup as dnsLookup } from 'node:dns';
import type { LookupAddress, LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import { isPrivateAddress } from './private-address.ts';

// The one place an outbound connection made on a user's behalf (webhook deliveries, custom
// servers, upstream registry remotes) checks where it goes: the address the socket is about
// to connect to, after DNS, at connect time. A check of the URL when it was saved says
// nothing about a later connect: the record may change, or be rebound on purpose.

/** Raised when the target's resolved address is not public. `code` lets error mapping classify it. */
export class TargetRefusedError extends Error {
  readonly code = 'ETARGETREFUSED';
  constructor(readonly address: string) {
    // The prefix is what the webhook delivery log has always shown for this refusal.
    super(`refused private address ${address}`);
    this.name = 'TargetRefusedError';
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
/** dns.lookup's shape, as http.request's `lookup` option takes it. */
export type LookupFunction = (hostname: string, options: LookupOptions, callback: LookupCallback) => void;

/**
 * A dns.lookup for http.request/net.connect that fails when any address of the name is not
 * public: Node connects only to what this hands back, so a rebound name cannot slip through.
 */
export function guardedLookup(resolve: LookupFunction = dnsLookup as LookupFunction): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (err, found) => {
      if (err) return callback(err, []);
      const addresses = found as LookupAddress[];
      const refused = addresses.find((a) => isPrivateAddress(a.address));
      if (refused) return callback(new TargetRefusedError(refused.address), []);
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), []);
      callback(null, first.address, first.family);
    });
  };
}

/** Who may be reached: `allowPrivate` switches the check off (the operator's own servers, or config). */
export interface TargetPolicy {
  allowPrivate: boolean;
  /** The resolver behind the check; node's dns.lookup unless a test stands in for DNS. */
  resolve?: LookupFunction;
}

/**
 * The options http(s).request needs so the connection obeys the policy. An IP literal never
 * reaches `lookup` (net.connect skips DNS for it), so it is checked here; the URL parser has
 * already turned decimal, octal and hex IPv4 forms into dotted ones. Throws TargetRefusedError.
 */
export function guardedConnectOptions(url: URL, policy: TargetPolicy): { lookup?: LookupFunction } {
  if (policy.allowPrivate) return {};
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && isPrivateAddress(host)) throw new TargetRefusedError(host);
  return { lookup: guardedLookup(policy.resolve) };
}
