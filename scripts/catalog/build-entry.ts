// Turns a seed, its installed package and its tools into a validated catalog entry.
import { catalogEntrySchema, type CatalogEntry, type CatalogTool } from '../../catalog/schema.ts';
import { findSecret } from '../../catalog/secret-patterns.ts';
import { documentedDefinition } from '../../domain/trust/tool-pin.ts';
import type { Installed } from './installed.ts';
import { FAKE_SECRET, FAKE_URL, HARVEST_ROOT } from './sandbox.ts';
import type { Seed } from './seed-types.ts';

const CATEGORY_ICONS: Record<Seed['category'], string> = {
  'version-control': 'git-branch',
  infrastructure: 'server',
  monitoring: 'activity',
  messaging: 'message-square',
  databases: 'database',
  'ci-cd': 'workflow',
  development: 'code',
  communication: 'mail',
  custom: 'wrench',
};

const GENERIC = new Set(['', 'mcp', 'server', 'mcp-server', 'cli', 'mcp-cli']);

/** Registry name from a package name: `@scope/mcp-server-foo` → `foo`, `@sentry/mcp-server` → `sentry`. */
export function deriveName(pkg: string): string {
  const scope = /^@([^/]+)\//.exec(pkg)?.[1] ?? '';
  let base = pkg.replace(/^@[^/]+\//, '').toLowerCase().replace(/[_.]/g, '-');
  base = base.replace(/^(mcp-server-|server-|mcp-)/, '').replace(/(-mcp-server|-server-mcp|-mcp|-server)$/, '');
  if (GENERIC.has(base)) base = scope.toLowerCase().replace(/[_.]/g, '-');
  return base.replace(/[^a-z0-9-]/g, '-').replace(/-+/g, '-').replace(/^-|-$/g, '').slice(0, 64);
}

const titleCase = (name: string) => name.split('-').map((w) => (w ? w[0].toUpperCase() + w.slice(1) : w)).join(' ');

/** Replaces sandbox paths, placeholder values and anything secret-shaped in every string. */
export function scrub<T>(value: T, fakes: string[]): T {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const rootPattern = new RegExp(`${escape(HARVEST_ROOT)}[^\\s"'\`)]*`, 'g');
  // (?!\d): the fake URL ends in port 9, which must not eat "…127.0.0.1:9090".
  const fakePatterns = fakes.filter((f) => f.length > 3).map((f) => new RegExp(`${escape(f)}(?!\\d)`, 'g'));
  const fix = (text: string): string => {
    let out = text.replace(rootPattern, '${WORKDIR}');
    for (const pattern of fakePatterns) out = out.replace(pattern, '<placeholder>');
    for (let secret = findSecret(out); secret; secret = findSecret(out)) out = out.split(secret).join('[redacted]');
    return out;
  };
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') return fix(node);
    if (Array.isArray(node)) return node.map(walk);
    if (node && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([k, v]) => [fix(k), walk(v)]));
    return node;
  };
  return walk(value) as T;
}

/** Inlines a root `$ref` into its definition (zod-to-json-schema's named-schema form). */
function normalizeTools(tools: Array<{ name: string; description?: string; inputSchema?: unknown }>): CatalogTool[] {
  const seen = new Set<string>();
  const out: CatalogTool[] = [];
  for (const tool of tools) {
    if (seen.has(tool.name)) continue;
    seen.add(tool.name);
    out.push(documentedDefinition(tool));
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

/** A seed's config harvested with a placeholder address: the address of the user's own system (their Prometheus, Kafka, search engine). */
const PLACEHOLDER_ADDRESS = /127\.0\.0\.1|placeholder/;

/**
 * The names a user sets for the server: its credentials or, for a server that takes none, the
 * addresses of the user's own systems it exists to reach (without them it starts and calls
 * nothing of theirs, so it needs setting up like a credential). A server with credentials keeps
 * its addresses out: they have defaults for the vendor's own service (GITLAB_API_URL, GRAFANA_URL ...).
 */
export function authentication(seed: Seed): CatalogEntry['authentication'] {
  const addresses = Object.entries(seed.config ?? {}).filter(([, value]) => PLACEHOLDER_ADDRESS.test(value)).map(([name]) => name);
  const env = seed.env?.length ? seed.env : addresses;
  const setup = seed.setup ? { setup_url: seed.setup } : {};
  if (env.length === 0) return { type: 'none', required: false, ...setup };
  const required = !seed.optionalAuth;
  if (env.length === 1) return { type: seed.authType ?? (seed.env?.length ? 'token' : 'credentials'), required, env_var: env[0], ...setup };
  return { type: seed.authType ?? 'credentials', required, env_vars: env, ...setup };
}

function registryPage(seed: Seed): string {
  return seed.registry === 'npm' ? `https://www.npmjs.com/package/${seed.pkg}` : `https://pypi.org/project/${seed.pkg}/`;
}

function validUrl(candidate: string | undefined): string | undefined {
  try {
    return candidate && /^https?:/.test(candidate) ? new URL(candidate).toString() : undefined;
  } catch {
    return undefined;
  }
}

export interface EntryInput {
  seed: Seed;
  name: string;
  installed: Installed;
  tools: Array<{ name: string; description?: string; inputSchema?: unknown }>;
  source: CatalogEntry['tools_source'];
  serverTitle?: string;
  fakes: string[];
}

/** Assembles and validates one entry; throws with zod's message when it does not fit. */
export function buildEntry(input: EntryInput): CatalogEntry {
  const { seed, installed } = input;
  const entry: CatalogEntry = {
    name: input.name,
    display_name: seed.title ?? input.serverTitle ?? titleCase(input.name),
    description: (installed.description ?? '').trim().slice(0, 2000) || `${titleCase(input.name)} MCP server`,
    version: installed.version,
    url: validUrl(installed.homepage) ?? registryPage(seed),
    icon: CATEGORY_ICONS[seed.category],
    category: seed.category,
    tags: [...new Set(seed.tags)].sort(),
    launch: { type: 'stdio', command: installed.launch.command, args: installed.launch.args, package: { registry: seed.registry, name: seed.pkg, version: installed.version } },
    authentication: authentication(seed),
    rate_limit: { requests_per_hour: seed.requestsPerHour ?? 1000 },
    supported_platforms: seed.platforms ?? (installed.platforms?.length ? installed.platforms : ['linux', 'macos', 'windows']),
    tools: normalizeTools(input.tools),
    tools_source: input.source,
  };
  return catalogEntrySchema.parse(scrub(entry, [FAKE_SECRET, FAKE_URL, ...input.fakes]));
}
