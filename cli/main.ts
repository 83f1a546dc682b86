import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/client.ts';
import { apiKeyPrefix } from '../domain/api-key-format.ts';
import { ConfigError, loadConfig } from '../lib/config.ts';
import { readStored } from '../lib/secrets.ts';
import type { Operations } from './operations.ts';
import { CliError, databaseOperations, httpOperations } from './operations.ts';

const USAGE = `usage: npm run cli -- <command>
  users create --email E [--plan free|pro|enterprise] [--role admin|user]
  users list
  keys create --user USER_ID
  keys revoke KEY_PREFIX`;

const PLANS = ['free', 'pro', 'enterprise'] as const;
const ROLES = ['admin', 'user'] as const;

function pick<T extends string>(value: string | undefined, allowed: readonly T[], fallback: T, name: string): T {
  if (value === undefined) return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new CliError(`--${name} must be one of ${allowed.join(', ')}`);
}

async function run(ops: Operations, argv: string[]): Promise<unknown> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { email: { type: 'string' }, plan: { type: 'string' }, role: { type: 'string' }, user: { type: 'string' } },
  });
  const [noun, verb, target] = positionals;
  if (noun === 'users' && verb === 'create') {
    if (!values.email || !/^[^@\s]+@[^@\s]+$/.test(values.email)) throw new CliError('--email must be an e-mail address');
    const plan = pick(values.plan, PLANS, 'free', 'plan');
    const role = pick(values.role, ROLES, 'user', 'role');
    return ops.createUser({ email: values.email, plan, role });
  }
  if (noun === 'users' && verb === 'list') return ops.listUsers();
  if (noun === 'keys' && verb === 'create') {
    if (!values.user) throw new CliError('--user USER_ID is required');
    return ops.createKey(values.user);
  }
  if (noun === 'keys' && verb === 'revoke') {
    if (!target) throw new CliError('KEY_PREFIX is required');
    return ops.revokeKey(apiKeyPrefix(target) ?? target);
  }
  throw new CliError(USAGE);
}

try {
  const config = loadConfig();
  if (config.DATABASE_URL) {
    const handle = openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, maxConnections: 1 });
    try {
      process.stdout.write(`${JSON.stringify(await run(databaseOperations(handle.db), process.argv.slice(2)))}\n`);
    } finally {
      await handle.close();
    }
  } else {
    const adminKey = config.ADMIN_KEY ?? readStored(join(config.DATA_DIR, 'secrets.json')).adminKey;
    if (!adminKey) throw new CliError(`no admin key: set ADMIN_KEY or start the service once (it writes ${config.DATA_DIR}/secrets.json)`);
    const baseUrl = process.env.SWITCHBOARD_URL ?? `http://${config.HOST}:${config.PORT}`;
    process.stdout.write(`${JSON.stringify(await run(httpOperations(baseUrl, adminKey), process.argv.slice(2)))}\n`);
  }
} catch (error) {
  if (!(error instanceof CliError || error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
