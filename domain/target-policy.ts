import { lookup } from 'node:dns';
import type { LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { isPrivateAddress } from '../mcp/index.ts';
import type { LookupFunction, TargetPolicy } from '../mcp/index.ts';

// Saving a URL checks it once, so a user learns at once that a target will be refused; the
// check that protects is made again at every connect (mcp/outbound-guard.ts), because what a
// name resolves to now says nothing about later (docs/decisions.md, "Hardening 2: one guarded
// connect path").

function resolveAll(resolve: LookupFunction, host: string): Promise<string[] | undefined> {
  return new Promise((done) => {
    resolve(host, { all: true }, (err, found) => done(err ? undefined : (found as LookupAddress[]).map((a) => a.address)));
  });
}

/**
 * Why a URL we would connect to on a user's behalf (webhook, custom server, upstream remote)
 * is refused, or undefined when it is fine: http(s) only, no credentials, and unless the
 * policy allows private targets, every address the host resolves to must be public (SSRF).
 */
export async function targetUrlProblem(raw: string, policy: TargetPolicy): Promise<string | undefined> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'url is not a valid absolute URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'url must use http or https';
  if (url.username || url.password) return 'url must not carry credentials';
  if (policy.allowPrivate) return undefined;
  // WHATWG URL has already rewritten 2130706433, 0177.0.0.1 and [::ffff:127.0.0.1] into
  // canonical forms; isPrivateAddress parses those, it does not match text.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : await resolveAll(policy.resolve ?? (lookup as LookupFunction), host);
  if (!addresses) return `url host ${host} does not resolve`;
  const blocked = addresses.find(isPrivateAddress);
  return blocked ? `url resolves to a private, loopback or link-local address (${blocked})` : undefined;
}
