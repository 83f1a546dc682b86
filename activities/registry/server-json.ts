import { z } from 'zod';
import { SERVER_CATEGORIES } from '../../db/schema/index.ts';
import type { ServerCategory } from '../../db/schema/index.ts';
import type { SyncedEntry } from '../../db/registry/sync.ts';
import { packageLaunchOf } from '../../package-store/index.ts';

/*
 * The official MCP Registry's server.json (schemas 2025-09-29 / 2025-12-11, and the snake_case
 * form of the registry's 2025-05 seed data), read leniently: unknown fields are ignored, and an
 * entry we cannot use is skipped with a reason, never fatal. Every document is a third party's:
 * sizes are bounded by the reader, names by `upstreamSlug`, and what it asks to run by the
 * package store's own checks (packageLaunchOf).
 */

const text = z.string().max(10_000);
const input = z.object({
  name: z.string().max(200).optional(),
  value: text.optional(),
  default: text.optional(),
  isRequired: z.boolean().optional(),
  isSecret: z.boolean().optional(),
  type: z.string().max(20).optional(),
  valueHint: z.string().max(200).optional(),
});
type Input = z.infer<typeof input>;
const packageSchema = z.object({
  registryType: z.string().max(40).optional(),
  identifier: z.string().max(300).optional(),
  version: z.string().max(100).optional(),
  transport: z.object({ type: z.string().max(40) }).optional(),
  environmentVariables: z.array(input).max(100).optional(),
  packageArguments: z.array(input).max(100).optional(),
  runtimeArguments: z.array(input).max(100).optional(),
});
type Package = z.infer<typeof packageSchema>;
const serverJson = z.object({
  name: z.string().min(1).max(200),
  title: z.string().max(200).optional(),
  description: z.string().max(100_000).default(''),
  version: z.string().max(100).default('0.0.0'),
  websiteUrl: z.string().max(2_000).optional(),
  repository: z.object({ url: z.string().max(2_000).optional() }).optional(),
  icons: z.array(z.object({ src: z.string().max(2_000) })).max(20).optional(),
  remotes: z.array(z.object({ type: z.string().max(40), url: z.string().max(2_000), headers: z.array(input).max(50).optional() })).max(20).optional(),
  packages: z.array(packageSchema).max(20).optional(),
  _meta: z.record(z.string(), z.unknown()).optional(),
});
export type ServerJson = z.infer<typeof serverJson>;

const PUBLISHER = 'io.modelcontextprotocol.registry/publisher-provided';
/** A document kept to be served back is bounded: larger ones are served as we synthesize them. */
const MAX_KEPT_DOCUMENT_CHARS = 64 * 1024;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;

/** Registry names are [a-z0-9-]; upstream names are reverse-DNS (io.github.acme/weather). */
export function upstreamSlug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+/, '').slice(0, 64).replace(/-+$/, '');
}

/** The registry's 2025-05 seed form (registry_name, name, environment_variables ...) in today's words. */
function fromSeedForm(doc: Record<string, unknown>): Record<string, unknown> {
  if (!('version_detail' in doc) && !(Array.isArray(doc.packages) && doc.packages.some((p) => p && typeof p === 'object' && 'registry_name' in p))) return doc;
  const detail = (doc.version_detail ?? {}) as { version?: unknown };
  // The seed form says nothing of required or secret: a variable with no value is there to be filled in.
  const inputs = (list: unknown) =>
    Array.isArray(list)
      ? list.map((i: Record<string, unknown>) => (i && typeof i === 'object' ? { ...i, isRequired: i.is_required ?? (i.value === undefined && i.default === undefined), isSecret: i.is_secret } : i))
      : undefined;
  const packages = Array.isArray(doc.packages)
    ? doc.packages.map((p: Record<string, unknown>) => ({
        registryType: p.registry_name,
        identifier: p.name,
        version: p.version,
        // The seed form predates transports: its packages are stdio servers.
        transport: { type: 'stdio' },
        environmentVariables: inputs(p.environment_variables),
        packageArguments: inputs(p.package_arguments),
        runtimeArguments: inputs(p.runtime_arguments),
      }))
    : undefined;
  return { ...doc, version: typeof detail.version === 'string' ? detail.version : doc.version, packages };
}

/** A document as a registry entry, or why it cannot be one. */
export function entryOfServerJson(document: unknown): { entry: SyncedEntry } | { name: string; reason: string } {
  const named = document && typeof document === 'object' && typeof (document as { name?: unknown }).name === 'string' ? String((document as { name: string }).name).slice(0, 200) : '(no name)';
  const parsed = serverJson.safeParse(document && typeof document === 'object' ? fromSeedForm(document as Record<string, unknown>) : document);
  if (!parsed.success) return { name: named, reason: `not a server.json: ${parsed.error.issues[0]?.path.join('.') || 'document'} ${parsed.error.issues[0]?.message ?? ''}`.trim() };
  const server = parsed.data;
  const name = upstreamSlug(server.name);
  if (!/^[a-z0-9][a-z0-9-]{1,63}$/.test(name)) return { name: server.name, reason: 'its name makes no registry name' };
  const run = runOf(server);
  const publisher = (server._meta?.[PUBLISHER] ?? {}) as { category?: unknown; tags?: unknown };
  const category = SERVER_CATEGORIES.includes(publisher.category as ServerCategory) ? (publisher.category as ServerCategory) : 'custom';
  const tags = Array.isArray(publisher.tags) ? publisher.tags.filter((t): t is string => typeof t === 'string').slice(0, 20) : [];
  const remote = server.remotes?.[0]?.url;
  return {
    entry: {
      name,
      displayName: (server.title ?? server.name.split('/').pop() ?? server.name).slice(0, 200),
      description: server.description.slice(0, 2000),
      version: server.version,
      url: server.websiteUrl ?? server.repository?.url ?? remote ?? '',
      icon: server.icons?.[0]?.src ?? 'server',
      category,
      tags: [...new Set(['upstream', ...tags])],
      launch: run.launch,
      authentication: run.credentials.length === 0 ? { type: 'none', required: false } : { type: run.credentials.length === 1 ? 'token' : 'credentials', required: true, ...run.credentials.names },
      rateLimit: null,
      supportedPlatforms: ['linux', 'macos', 'windows'],
      source: 'upstream',
      toolsSource: 'documentation',
      serverJson: keptDocument(document as Record<string, unknown>),
    },
  };
}

/** The document as published, to round-trip through GET /v0.1/servers, when small enough to keep. */
function keptDocument(document: Record<string, unknown>): Record<string, unknown> | null {
  return JSON.stringify(document).length <= MAX_KEPT_DOCUMENT_CHARS ? document : null;
}

interface Run {
  launch: Record<string, unknown>;
  credentials: { length: number; names: Record<string, unknown> };
}

const credentialsOf = (names: string[], as: 'env' | 'headers'): Run['credentials'] => ({
  length: names.length,
  names: names.length === 0 ? {} : as === 'headers' ? { headers: names } : names.length === 1 ? { env_var: names[0] } : { env_vars: names },
});

/** A value the user must give: a secret, or a required input with nothing to fill it with. */
const userSupplied = (i: Input) => i.isSecret === true || (i.isRequired === true && i.value === undefined && i.default === undefined);
/** `{placeholders}` are the registry's variables, for a client to fill: not a value we can pass. */
const literal = (value: string | undefined) => (value !== undefined && !/\{[^}]*\}/.test(value) ? value : undefined);

/**
 * How the server runs here, in order of preference: a remote that needs no credential; an npm
 * or PyPI package, run from its pinned version in the sandbox with the user's secrets as its
 * environment; a remote whose headers the user fills in; else nothing, with the reason.
 */
function runOf(server: ServerJson): Run {
  const remotes = (server.remotes ?? []).filter((r) => (r.type === 'streamable-http' || r.type === 'sse') && /^https?:\/\//.test(r.url));
  const open = remotes.find((r) => !(r.headers ?? []).some(userSupplied));
  if (open) return { launch: { type: open.type, url: open.url }, credentials: credentialsOf([], 'env') };
  const reasons: string[] = [];
  for (const pkg of server.packages ?? []) {
    const planned = packageRun(pkg);
    if ('launch' in planned) return planned;
    reasons.push(planned.reason);
  }
  const remote = remotes[0];
  if (remote) {
    const names = (remote.headers ?? []).filter(userSupplied).flatMap((h) => (h.name ? [h.name] : []));
    return { launch: { type: remote.type, url: remote.url }, credentials: credentialsOf(names, 'headers') };
  }
  const reason = reasons[0] ?? 'it names no package or remote';
  return { launch: { type: 'catalog', unsupported: reason, package: server.packages?.[0] ?? null }, credentials: credentialsOf([], 'env') };
}

function packageRun(pkg: Package): Run | { reason: string } {
  const registry = pkg.registryType;
  if (registry !== 'npm' && registry !== 'pypi') return { reason: `its package is ${registry ?? 'of no registry'}, which is not run here (npm and PyPI are)` };
  if (pkg.transport && pkg.transport.type !== 'stdio') return { reason: `its ${registry} package serves ${pkg.transport.type}, which is not run here (stdio is)` };
  if (!pkg.identifier || !pkg.version) return { reason: `its ${registry} package names no ${pkg.identifier ? 'version' : 'identifier'}` };
  const args: string[] = [];
  for (const arg of [...(pkg.runtimeArguments ?? []), ...(pkg.packageArguments ?? [])]) {
    const value = literal(arg.value ?? arg.default);
    if (value === undefined) {
      if (arg.isRequired) return { reason: `its ${registry} package needs an argument we cannot fill (${arg.name ?? arg.valueHint ?? 'positional'})` };
      continue;
    }
    if (arg.type === 'named' && arg.name) args.push(arg.name, value);
    else args.push(value);
  }
  const spec = registry === 'npm' ? `${pkg.identifier}@${pkg.version}` : `${pkg.identifier}==${pkg.version}`;
  const launch = {
    type: 'catalog',
    transport: 'stdio',
    command: registry === 'npm' ? 'npx' : 'uvx',
    args: registry === 'npm' ? ['-y', spec, ...args] : [spec, ...args],
    package: { registry, name: pkg.identifier, version: pkg.version },
    env: Object.fromEntries((pkg.environmentVariables ?? []).flatMap((v) => {
      const value = literal(v.value ?? v.default);
      return v.name && ENV_NAME.test(v.name) && !userSupplied(v) && value !== undefined ? [[v.name, value]] : [];
    })),
  };
  try {
    // The store's own checks: an exact version, a valid name, no argument that could be an option of npx or uvx.
    packageLaunchOf(launch as Parameters<typeof packageLaunchOf>[0]);
  } catch (error) {
    return { reason: `its ${registry} package cannot be run as listed: ${(error as Error).message}` };
  }
  const secrets = (pkg.environmentVariables ?? []).filter(userSupplied).flatMap((v) => (v.name && ENV_NAME.test(v.name) ? [v.name] : []));
  return { launch, credentials: credentialsOf(secrets, 'env') };
}
