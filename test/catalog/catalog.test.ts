// The committed catalog (catalog/servers.json) is data the registry sync loads as is,
// so its shape, scale and hygiene are checked here rather than trusted.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATEGORIES, catalogEntrySchema, catalogFileSchema, type CatalogEntry } from '../../catalog/schema.ts';
import { findSecret } from '../../catalog/secret-patterns.ts';

const file = path.resolve(import.meta.dirname, '../../catalog/servers.json');
const catalog = catalogFileSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
const servers = catalog.servers;

function duplicates(names: string[]): string[] {
  const seen = new Set<string>();
  return names.filter((name) => (seen.has(name) ? true : (seen.add(name), false)));
}

/** Every string (keys included) in a JSON value, with its path, for the hygiene scans. */
function strings(value: unknown, at = '$'): Array<[string, string]> {
  if (typeof value === 'string') return [[at, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, `${at}[${i}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [[`${at}.${k}#key`, k] as [string, string], ...strings(v, `${at}.${k}`)]);
  return [];
}

function leaks(value: unknown): string[] {
  return strings(value).flatMap(([at, text]) => {
    const secret = findSecret(text);
    if (secret) return [`${at}: ${secret.slice(0, 8)}…`];
    // Harvest placeholders and sandbox paths must be scrubbed before the data is written.
    if (text.includes('placeholder-not-a-real-secret') || text.includes('.cache/harvest')) return [`${at}: harvest artefact`];
    return [];
  });
}

describe('catalog/servers.json', () => {
  it('has at least 150 servers and 1,500 tools', () => {
    expect(servers.length).toBeGreaterThanOrEqual(150);
    expect(servers.reduce((n, s) => n + s.tools.length, 0)).toBeGreaterThanOrEqual(1500);
  });

  it('covers all nine categories', () => {
    expect(new Set(servers.map((s) => s.category))).toEqual(new Set(CATEGORIES));
  });

  it('has unique server names, sorted', () => {
    const names = servers.map((s) => s.name);
    expect(duplicates(names)).toEqual([]);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('has unique tool names within each server and at least one tool per server', () => {
    const bad = servers.flatMap((s) => duplicates(s.tools.map((t) => t.name)).map((t) => `${s.name}/${t}`));
    expect(bad).toEqual([]);
    expect(servers.filter((s) => s.tools.length === 0).map((s) => s.name)).toEqual([]);
  });

  it('gives every tool an object input schema', () => {
    const bad = servers.flatMap((s) =>
      s.tools.filter((t) => t.inputSchema.type !== 'object' || (t.inputSchema.properties !== undefined && (typeof t.inputSchema.properties !== 'object' || Array.isArray(t.inputSchema.properties)))).map((t) => `${s.name}/${t.name}`),
    );
    expect(bad).toEqual([]);
  });

  it('pins every stdio launch to the harvested package version', () => {
    const bad = servers.filter((s) => s.launch.type === 'stdio' && (s.launch.package.version !== s.version || !s.launch.args.some((a) => a.includes(s.launch.type === 'stdio' ? s.launch.package.name : ''))));
    expect(bad.map((s) => s.name)).toEqual([]);
  });

  it('names credentials only by env var, and never carries a secret or harvest placeholder', () => {
    expect(leaks(catalog)).toEqual([]);
    const authless = servers.filter((s) => s.authentication.type !== 'none' && !s.authentication.env_var && !s.authentication.env_vars?.length);
    expect(authless.map((s) => s.name)).toEqual([]);
  });
});

describe('catalog checks reject bad data', () => {
  const good: CatalogEntry = servers[0];

  it('finds a secret-shaped value (built at run time so this file holds none)', () => {
    const token = `ghp_${'A1b2C3d4'.repeat(5)}`;
    const tainted = { ...good, tools: [{ ...good.tools[0], description: `use ${token}` }] };
    expect(leaks(tainted)).toHaveLength(1);
    expect(leaks({ note: 'placeholder-not-a-real-secret' })).toHaveLength(1);
  });

  it('rejects a non-object input schema, a bad name and an unknown category', () => {
    const badTool = { ...good.tools[0], inputSchema: { type: 'string' } };
    expect(catalogEntrySchema.safeParse({ ...good, tools: [badTool] }).success).toBe(false);
    expect(catalogEntrySchema.safeParse({ ...good, name: 'Bad Name' }).success).toBe(false);
    expect(catalogEntrySchema.safeParse({ ...good, category: 'productivity' }).success).toBe(false);
  });

  it('spots duplicate names', () => {
    expect(duplicates(['a', 'b', 'a'])).toEqual(['a']);
  });
});
