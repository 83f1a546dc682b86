import type { ToolDefinition } from '../../domain/trust/tool-pin.ts';

/**
 * The pin check's answer for a server's last listing, kept in process (issue 37: ≤ 1 ms per
 * tools/list of 100 tools). A refresh of an unchanged server lists the same definitions again;
 * the gate's answer depends only on that listing and on the server's pins and holds, so it is
 * reused while both are the same: the listing compared as its JSON text (one native stringify,
 * no hashing), the pins and holds by `mcp_servers.pins_version`, which triggers renew on every
 * write to either table by any process (db/migrations/0021_pins_version.sql). The caller reads
 * that version in its transaction before the gate, in a read it makes anyway, so a hit costs no
 * round trip. Versions are random UUIDs: two databases in one process (tests) never share one.
 */
interface Entry {
  pinsVersion: string;
  listing: string;
  accepted: ToolDefinition[];
}

/** Characters of listings kept, all servers together: the oldest entries go first. */
const MAX_CHARS = 16_000_000;
const entries = new Map<string, Entry>();
let chars = 0;

function drop(server: string): void {
  const old = entries.get(server);
  if (!old) return;
  chars -= old.listing.length;
  entries.delete(server);
}

/** What the gate answered for exactly this listing at this pins version, or undefined. */
export function cachedGate(server: string, pinsVersion: string, listing: string): ToolDefinition[] | undefined {
  const entry = entries.get(server);
  if (!entry || entry.pinsVersion !== pinsVersion || entry.listing !== listing) return undefined;
  return [...entry.accepted];
}

/** Remembers an answer the gate reached without writing (a write renews the version, so it would never match). */
export function rememberGate(server: string, pinsVersion: string, listing: string, accepted: ToolDefinition[]): void {
  drop(server);
  if (listing.length > MAX_CHARS / 4) return;
  while (chars + listing.length > MAX_CHARS) {
    const oldest = entries.keys().next().value;
    if (oldest === undefined) break;
    drop(oldest);
  }
  entries.set(server, { pinsVersion, listing, accepted: [...accepted] });
  chars += listing.length;
}
