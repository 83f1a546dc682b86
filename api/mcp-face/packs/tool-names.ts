import { createHash } from 'node:crypto';

/**
 * Flat tool names for the pack endpoints (docs/decisions.md, "Packs as MCP endpoints"):
 * `<server>__<tool>`. MCP tool names are 1–128 characters of [A-Za-z0-9_.-]; server names
 * already are (lowercase, digits, dashes), tool names may be anything an upstream server
 * chose. When the plain form is not a valid name (a character outside the set, too long),
 * the invalid characters become `_`, the name is cut to fit, and a hash of the original pair
 * is appended, so two different tools never meet on one name whatever order they are listed in.
 */
export const SEPARATOR = '__';
const MAX = 128;
const VALID = /^[A-Za-z0-9_.-]{1,128}$/;
const HASH_LENGTH = 8;

const hashOf = (server: string, tool: string, salt: number) =>
  createHash('sha256').update(`${server}\u0000${tool}\u0000${salt}`).digest('hex').slice(0, HASH_LENGTH);

function hashed(server: string, tool: string, salt = 0): string {
  const base = `${server}${SEPARATOR}${tool}`.replace(/[^A-Za-z0-9_.-]/g, '_');
  return `${base.slice(0, MAX - HASH_LENGTH - 1)}_${hashOf(server, tool, salt)}`;
}

/**
 * Names for a whole listing, keyed by flat name. A plain name that equals another's hashed
 * form (vanishingly rare, but possible) keeps its name; the hashed one is salted again.
 */
export function nameTools<T extends { server: string; name: string }>(entries: T[]): Map<string, T> {
  const named = new Map<string, T>();
  const pending: T[] = [];
  for (const entry of entries) {
    const plain = `${entry.server}${SEPARATOR}${entry.name}`;
    if (VALID.test(plain) && !named.has(plain)) named.set(plain, entry);
    else pending.push(entry);
  }
  for (const entry of pending) {
    let salt = 0;
    let name = hashed(entry.server, entry.name, salt);
    while (named.has(name)) name = hashed(entry.server, entry.name, ++salt);
    named.set(name, entry);
  }
  return named;
}
