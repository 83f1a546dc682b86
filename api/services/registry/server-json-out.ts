import type { PublishedRow, ToolQuality } from '../../../db/registry/published.ts';
import type { ToolRow } from '../../../db/schema/index.ts';
import { REFERENCE_PACKAGES } from '../../../mcp/index.ts';

/*
 * Our registry in the official MCP Registry's words (issue 38, item 3): a server.json per entry
 * (the 2025-09-29 schema), and beside it, under `_meta`, what the official format lacks: the
 * tools with their schemas and run figures, under our reverse-DNS key.
 */

export const SERVER_SCHEMA_URL = 'https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json';
export const OFFICIAL_META = 'io.modelcontextprotocol.registry/official';
/** Our `_meta` key (docs/decisions.md "Serving the official registry API"). */
export const SWITCHBOARD_META = 'dev.switchboard/registry';

type Doc = Record<string, unknown>;

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/** An http(s) URL without credentials, query or fragment: an admin's entry may carry a token in either. */
function publicUrl(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  try {
    const url = new URL(raw);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
    url.username = '';
    url.password = '';
    url.search = '';
    url.hash = '';
    return url.toString();
  } catch {
    return undefined;
  }
}

/** The names of what a user fills in, from the entry's authentication (never a value). */
function credentialNames(row: PublishedRow): { env: string[]; headers: string[] } {
  const auth = (row.authentication ?? {}) as { env_var?: unknown; env_vars?: unknown; headers?: unknown };
  const strings = (v: unknown) => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);
  return { env: [...(typeof auth.env_var === 'string' ? [auth.env_var] : []), ...strings(auth.env_vars)], headers: strings(auth.headers) };
}

const secretInput = (name: string) => ({ name, isRequired: true, isSecret: true });

function packagesOf(row: PublishedRow): Doc[] | undefined {
  const launch = (row.launch ?? {}) as { type?: unknown; name?: unknown; package?: { registry?: unknown; name?: unknown; version?: unknown } };
  let pkg: { registry: string; name: string; version: string } | undefined;
  if (launch.type === 'reference' && typeof launch.name === 'string') {
    const name = (REFERENCE_PACKAGES as Record<string, string>)[launch.name];
    if (name) pkg = { registry: 'npm', name, version: row.version };
  } else if (launch.package && typeof launch.package.name === 'string' && typeof launch.package.version === 'string' && (launch.package.registry === 'npm' || launch.package.registry === 'pypi')) {
    pkg = { registry: launch.package.registry, name: launch.package.name, version: launch.package.version };
  }
  if (!pkg || !pkg.version || pkg.version === 'latest') return undefined;
  const env = credentialNames(row).env;
  return [{ registryType: pkg.registry, identifier: pkg.name, version: pkg.version, transport: { type: 'stdio' }, ...(env.length ? { environmentVariables: env.map(secretInput) } : {}) }];
}

function remotesOf(row: PublishedRow): Doc[] | undefined {
  const launch = (row.launch ?? {}) as { type?: unknown; transport?: unknown; url?: unknown };
  const kind = launch.type === 'catalog' ? launch.transport : launch.type;
  const type = kind === 'sse' ? 'sse' : kind === 'streamable-http' || kind === 'http' ? 'streamable-http' : undefined;
  const url = publicUrl(launch.url);
  if (!type || !url) return undefined;
  const headers = credentialNames(row).headers;
  return [{ type, url, ...(headers.length ? { headers: headers.map(secretInput) } : {}) }];
}

/** An imported document in today's form (not the 2025-05 seed form), kept whole: served as published. */
function keptDocument(row: PublishedRow): Doc | null {
  const doc = row.serverJson;
  if (!doc || typeof doc.version !== 'string' || 'version_detail' in doc || doc.name !== row.publishedName) return null;
  return doc;
}

/** The server.json an entry is served as: the imported document as published, else one made from its launch config. */
export function serverJsonOf(row: PublishedRow): Doc {
  const kept = keptDocument(row);
  if (kept) return kept;
  const description = clip((row.description || row.displayName || row.name).trim() || row.name, 100);
  const website = publicUrl(row.url);
  const packages = packagesOf(row);
  const remotes = remotesOf(row);
  return {
    $schema: SERVER_SCHEMA_URL,
    name: row.publishedName,
    ...(row.displayName ? { title: clip(row.displayName, 100) } : {}),
    description,
    version: clip(row.version || '0.0.0', 255),
    ...(website ? { websiteUrl: website } : {}),
    ...(packages ? { packages } : {}),
    ...(remotes ? { remotes } : {}),
  };
}

/** One `{server, _meta}` of the list and version answers. */
export function servedEntryOf(row: PublishedRow, tools: ToolRow[], quality: Map<string, ToolQuality>): { server: Doc; _meta: Doc } {
  return {
    server: serverJsonOf(row),
    _meta: {
      // Every entry is its own only version: the latest, active while it is in the registry.
      [OFFICIAL_META]: { status: 'active', publishedAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString(), isLatest: true },
      [SWITCHBOARD_META]: {
        name: row.name,
        source: row.source,
        toolsSource: row.toolsSource,
        health: { status: row.status, checkedAt: row.lastChecked?.toISOString() ?? null },
        tools: tools.map((t) => {
          const q = quality.get(`${t.serverName}\0${t.name}`);
          return {
            name: t.name,
            description: t.description,
            inputSchema: t.inputSchema,
            ...(t.outputSchema ? { outputSchema: t.outputSchema } : {}),
            quality: { runs: q?.runs ?? 0, successRate: q?.successRate ?? null, avgDurationMs: q?.avgDurationMs ?? null },
          };
        }),
      },
    },
  };
}
