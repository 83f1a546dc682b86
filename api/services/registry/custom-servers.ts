import { lockUserRow, packUsage } from '../../../db/registry/packs.ts';
import { ownedServerKey } from '../../../db/registry/server-keys.ts';
import { countOwnServers, findVisibleServer, listVisibleServers, nameHolders } from '../../../db/registry/servers.ts';
import { mcpServers } from '../../../db/schema/index.ts';
import type { ServerCategory, User } from '../../../db/schema/index.ts';
import type { AppDeps } from '../../context.ts';
import { targetUrlProblem } from '../../../domain/target-policy.ts';
import { LaunchConfigSchema } from '../../../mcp/index.ts';
import { AppError, forbidden, invalidRequest } from '../../errors.ts';
import { isUniqueViolation } from './db-errors.ts';
import { assertWithinPlan } from './plan-allowances.ts';
import { customServer } from './shapes.ts';
import { runServerRefresh } from './sync.ts';

export interface CustomServerInput {
  name: string;
  display_name: string;
  description: string;
  url?: string;
  icon?: string;
  category?: ServerCategory;
  config?: Record<string, unknown>;
}

const SECRET_KEYS = ['headers', 'env'];

/**
 * How we connect to a custom server, from its config: `config.url` (+ `transport`, `headers`)
 * is a remote server; `config.command` (+ `args`, `env`) a local process. A command runs a
 * program on our workers, so only admins may register one (docs/registry.md).
 */
function launchFrom(config: Record<string, unknown> | undefined, admin: boolean): Record<string, unknown> | null {
  if (!config) return null;
  if (typeof config.command === 'string') {
    if (!admin) {
      throw forbidden('stdio commands run programs on the service\'s workers, so only admins may register them; give config.url of a streamable-HTTP MCP server instead');
    }
    return checked({ type: 'stdio', command: config.command, args: config.args ?? [], ...(config.env ? { env: config.env } : {}) });
  }
  if (typeof config.url === 'string') {
    return checked({ type: config.transport ?? 'streamable-http', url: config.url, ...(config.headers ? { headers: config.headers } : {}) });
  }
  return null;
}

function checked(launch: Record<string, unknown>): Record<string, unknown> {
  const parsed = LaunchConfigSchema.safeParse(launch);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = `config.${issue?.path.join('.') ?? ''}`.replace(/\.$/, '');
  throw invalidRequest(`config does not describe an MCP server we can reach: ${field}: ${issue?.message ?? 'invalid'}`, field);
}

/** The config as shown back: secret-bearing maps keep their keys, never their values. */
function publicConfig(config: Record<string, unknown> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = { ...config };
  for (const key of SECRET_KEYS) {
    const value = out[key];
    if (value && typeof value === 'object') out[key] = Object.fromEntries(Object.keys(value).map((k) => [k, '***']));
  }
  return out;
}

export async function createCustomServer(deps: AppDeps, user: User, input: CustomServerInput) {
  // A user is an admin by role (the plugin's isAdmin also admits the admin key, which has no user).
  const admin = user.role === 'admin';
  const launch = launchFrom(input.config, admin);
  // The worker connects to this URL: the SSRF policy applies (private targets only when allowed),
  // here so the user hears of it at once, and again at every connect (the record may change).
  if (launch && typeof launch.url === 'string' && !admin) {
    const problem = await targetUrlProblem(launch.url, { allowPrivate: deps.config.allowPrivateWebhookTargets, resolve: deps.dnsLookup });
    if (problem) throw invalidRequest(`config.${problem}`, 'config.url');
  }
  // Names are unique per owner (decisions.md, "Custom server names per owner"): the row is
  // stored under an owner-qualified key, so another user's private server of the same name
  // never collides and no answer can tell that it exists. A public registry name is refused:
  // that reveals nothing private, and `name/tool` stays unambiguous for the owner.
  const key = ownedServerKey(user.id, input.name);
  try {
    await deps.db.transaction(async (tx) => {
      await lockUserRow(tx, user.id);
      const clash = await nameHolders(tx, input.name, user.id);
      if (clash.some((owner) => owner === null)) {
        throw new AppError('CONFLICT', `${input.name} is the name of a public registry server; choose another name for your custom server`, { name: input.name });
      }
      // Rows created before names were per owner keep their plain name; they still count as the owner's.
      if (clash.length) throw ownNameTaken(input.name);
      const n = await countOwnServers(tx, user.id);
      assertWithinPlan(user.plan, 'maxCustomServers', n, n + 1);
      await tx.insert(mcpServers).values({
        name: key,
        displayName: input.display_name,
        description: input.description,
        url: input.url ?? '',
        icon: input.icon ?? 'server',
        category: input.category ?? 'custom',
        config: publicConfig(input.config),
        launch,
        source: 'custom',
        ownerUserId: user.id,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw ownNameTaken(input.name);
    throw error;
  }
  // A reachable server's tools are listed now so they can be searched and executed at once.
  const refresh = launch ? await runServerRefresh(deps.temporal, { servers: [key] }) : null;
  const server = await findVisibleServer(deps.db, key, user.id);
  if (!server) throw new Error('custom server vanished after creation');
  const body = customServer(server);
  delete body.updated_at;
  const first = refresh?.refreshed[0];
  const connection = refresh ? { status: first?.ok ? ('connected' as const) : ('error' as const), ...(first?.error ? { error: first.error.replaceAll(key, input.name) } : {}) } : null;
  return { ...body, connection };
}

const ownNameTaken = (name: string) => new AppError('CONFLICT', `You already have a custom server named ${name}`, { name });

export async function listCustomServers(deps: AppDeps, user: User) {
  const own = (await listVisibleServers(deps.db, user.id)).filter((s) => s.ownerUserId === user.id);
  const usage = await packUsage(deps.db, own.map((s) => s.name));
  const servers = own.map((s) => customServer(s, usage.get(s.name) ?? 0));
  return { servers, total: servers.length };
}
