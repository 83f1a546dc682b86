import { forbidden } from '../../errors.ts';

const LOOPBACK_BIND = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);
const LOOPBACK_HOST = /^(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/i;

/**
 * DNS-rebinding guard (MCP transports, security warning): a service bound to a loopback
 * address answers /mcp only to requests addressed to a loopback name, so a web page whose
 * name resolves to 127.0.0.1 cannot reach it. A service bound elsewhere sits behind its own
 * names and proxies; there the check is left to them.
 */
export function loopbackHostGuard(bindHost: string): ((host: string | undefined) => void) | undefined {
  if (!LOOPBACK_BIND.has(bindHost)) return undefined;
  return (host) => {
    if (!host || !LOOPBACK_HOST.test(host)) throw forbidden(`Host ${host ?? '(none)'} is not this local service's address`);
  };
}
