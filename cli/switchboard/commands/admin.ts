import type { Argv, CommandModule } from 'yargs';
import { contextOf } from '../context.ts';
import type { GlobalOptions } from '../context.ts';
import { EXIT, Failure } from '../failure.ts';
import { table } from '../output.ts';
import { PLANS, ROLES } from '../../plans-and-roles.ts';
import type { OperatorRequest } from '../../operator.ts';

interface AdminArgs extends GlobalOptions {
  'admin-key'?: string;
  email?: string;
  plan?: string;
  role?: string;
  user?: string;
  prefix?: string;
}

const KIND_EXIT = { usage: EXIT.usage, auth: EXIT.auth, not_found: EXIT.notFound, unreachable: EXIT.unreachable } as const;

/**
 * Runs one operator command as `npm run cli` does (cli/operator.ts): on DATABASE_URL directly,
 * else through the service at --url with the admin key. Loaded on use: the database client
 * is no cost to the everyday commands.
 */
async function operate(argv: AdminArgs, request: OperatorRequest, human: (result: Record<string, unknown>) => string): Promise<void> {
  const ctx = await contextOf(argv);
  const [{ withOperations, operatorCommand }, { CliError }, { ConfigError }] = await Promise.all([
    import('../../operator.ts'),
    import('../../operations.ts'),
    import('../../../platform/config.ts'),
  ]);
  let result: Record<string, unknown>;
  try {
    result = (await withOperations((ops) => operatorCommand(ops, request), { baseUrl: ctx.conn.url, adminKey: argv['admin-key'] })) as Record<string, unknown>;
  } catch (error) {
    if (error instanceof CliError) throw new Failure(error.message, error.kind ? KIND_EXIT[error.kind] : EXIT.failed);
    if (error instanceof ConfigError) throw new Failure(error.message, EXIT.usage);
    throw error;
  }
  ctx.out.result(result, () => human(result));
}

const keyLine = (r: Record<string, unknown>) => `API key (shown once): ${String(r.api_key)}`;

const usersCreate: CommandModule<AdminArgs, AdminArgs> = {
  command: 'create',
  describe: 'create a user and their first API key',
  builder: (y) =>
    y
      .option('email', { type: 'string', demandOption: true, describe: 'the e-mail address' })
      .option('plan', { type: 'string', choices: PLANS, default: 'free' })
      .option('role', { type: 'string', choices: ROLES, default: 'user' }),
  handler: (argv) => operate(argv, { noun: 'users', verb: 'create', email: argv.email, plan: argv.plan, role: argv.role }, (r) => `Created user ${String(r.user_id)}.\n${keyLine(r)}`),
};

const usersList: CommandModule<AdminArgs, AdminArgs> = {
  command: 'list',
  describe: 'every user',
  handler: (argv) =>
    operate(argv, { noun: 'users', verb: 'list' }, (r) => {
      const users = r.users as Array<{ id: string; email: string; role: string; plan: string }>;
      return users.length === 0 ? 'No users.' : table(['USER', 'EMAIL', 'ROLE', 'PLAN'], users.map((u) => [u.id, u.email, u.role, u.plan]));
    }),
};

const keysCreate: CommandModule<AdminArgs, AdminArgs> = {
  command: 'create',
  describe: 'a new API key for a user',
  builder: (y) => y.option('user', { type: 'string', demandOption: true, describe: 'the user id' }),
  handler: (argv) => operate(argv, { noun: 'keys', verb: 'create', user: argv.user }, (r) => `Created key ${String(r.prefix)} for user ${String(r.user_id)}.\n${keyLine(r)}`),
};

const keysRevoke: CommandModule<AdminArgs, AdminArgs> = {
  command: 'revoke <prefix>',
  describe: 'revoke a key (the key itself or its 10-character prefix)',
  builder: (y) => y.positional('prefix', { type: 'string', demandOption: true }),
  handler: (argv) => operate(argv, { noun: 'keys', verb: 'revoke', target: argv.prefix }, (r) => `Key ${String(r.prefix)}: ${String(r.status)}.`),
};

const group = (name: string, describe: string, ...commands: CommandModule<AdminArgs, AdminArgs>[]): CommandModule<AdminArgs, AdminArgs> => ({
  command: `${name} <command>`,
  describe,
  builder: (y: Argv<AdminArgs>) => commands.reduce((acc, c) => acc.command(c), y).demandCommand(1),
  handler: () => undefined,
});

export const adminCommand: CommandModule<GlobalOptions, AdminArgs> = {
  command: 'admin <command>',
  describe: 'operator commands (users, keys): on DATABASE_URL, else through the service with the admin key',
  builder: (y) =>
    y
      .option('admin-key', { type: 'string', describe: 'the admin key (default: ADMIN_KEY, else DATA_DIR/secrets.json)' })
      .command(group('users', 'users: create, list', usersCreate, usersList))
      .command(group('keys', 'API keys: create, revoke', keysCreate, keysRevoke))
      .demandCommand(1),
  handler: () => undefined,
};
