import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/client.ts';
import { apiKeyPrefix } from '../domain/api-key-format.ts';
import { loadConfig } from '../platform/config.ts';
import { readStored } from '../platform/secrets.ts';
import type { Operations } from './operations.ts';
import { CliError, databaseOperations, httpOperations } from './operations.ts';
import { PLANS, ROLES } from './plans-and-roles.ts';

export const USAGE = `usage: npm run cli -- <command>
  users create --email E [--plan ${PLANS.join('|')}] [--role ${ROLES.join('|')}]
  users list
  keys create --user USER_ID
  keys revoke KEY_PREFIX`;

/** One operator command, its words and options already parsed (by `npm run cli` or `switchboard admin`). */
export interface OperatorRequest {
  noun?: string;
  verb?: string;
  target?: string;
  email?: string;
  plan?: string;
  role?: string;
  user?: string;
}

function pick<T extends string>(value: string | undefined, allowed: readonly T[], fallback: T, name: string): T {
  if (value === undefined) return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new CliError(`--${name} must be one of ${allowed.join(', ')}`, 'usage');
}

export async function operatorCommand(ops: Operations, request: OperatorRequest): Promise<unknown> {
  const { noun, verb, target } = request;
  if (noun === 'users' && verb === 'create') {
    if (!request.email || !/^[^@\s]+@[^@\s]+$/.test(request.email)) throw new CliError('--email must be an e-mail address', 'usage');
    const plan = pick(request.plan, PLANS, 'free', 'plan');
    const role = pick(request.role, ROLES, 'user', 'role');
    return ops.createUser({ email: request.email, plan, role });
  }
  if (noun === 'users' && verb === 'list') return ops.listUsers();
  if (noun === 'keys' && verb === 'create') {
    if (!request.user) throw new CliError('--user USER_ID is required', 'usage');
    return ops.createKey(request.user);
  }
  if (noun === 'keys' && verb === 'revoke') {
    if (!target) throw new CliError('KEY_PREFIX is required', 'usage');
    return ops.revokeKey(apiKeyPrefix(target) ?? target);
  }
  throw new CliError(USAGE, 'usage');
}

/** `npm run cli -- <words> [options]`: parses its own argv as it always has. */
export async function operatorRun(ops: Operations, argv: string[]): Promise<unknown> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { email: { type: 'string' }, plan: { type: 'string' }, role: { type: 'string' }, user: { type: 'string' } },
  });
  const [noun, verb, target] = positionals;
  return operatorCommand(ops, { noun, verb, target, ...values });
}

/**
 * Runs `work` with the operations of this machine's shape: with DATABASE_URL, straight on
 * Postgres; otherwise through the running service (`baseUrl`, else SWITCHBOARD_URL, else
 * HOST:PORT) with the admin key (`adminKey`, else ADMIN_KEY, else DATA_DIR/secrets.json).
 */
export async function withOperations<T>(work: (ops: Operations) => Promise<T>, options: { baseUrl?: string; adminKey?: string } = {}): Promise<T> {
  const config = loadConfig();
  if (config.DATABASE_URL) {
    const handle = openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, maxConnections: 1 });
    try {
      return await work(databaseOperations(handle.db));
    } finally {
      await handle.close();
    }
  }
  const adminKey = options.adminKey ?? config.ADMIN_KEY ?? readStored(join(config.DATA_DIR, 'secrets.json')).adminKey;
  if (!adminKey) throw new CliError(`no admin key: set ADMIN_KEY or start the service once (it writes ${config.DATA_DIR}/secrets.json)`, 'auth');
  const baseUrl = options.baseUrl ?? process.env.SWITCHBOARD_URL ?? `http://${config.HOST}:${config.PORT}`;
  return work(httpOperations(baseUrl, adminKey));
}
