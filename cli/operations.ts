import { createAccount } from '../db/accounts.ts';
import { createApiKey, revokeApiKey } from '../db/api-keys.ts';
import type { Database } from '../db/client.ts';
import type { Plan, Role } from '../db/schema/index.ts';
import { findUserById, listUsers } from '../db/users.ts';

/** What the operator CLI can do; two implementations: straight to the database, or through the service. */
export interface Operations {
  createUser(input: { email: string; plan: Plan; role: Role }): Promise<unknown>;
  listUsers(): Promise<unknown>;
  createKey(userId: string): Promise<unknown>;
  revokeKey(prefix: string): Promise<unknown>;
}

/** An operator command's expected failure; `kind` lets `switchboard admin` pick its exit code (`npm run cli` exits 1). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly kind?: 'usage' | 'auth' | 'not_found' | 'unreachable',
  ) {
    super(message);
  }
}

/** Production shape: the CLI opens DATABASE_URL itself (the service may or may not be running). */
export function databaseOperations(db: Database): Operations {
  return {
    async createUser(input) {
      const { user, apiKey } = await createAccount(db, input);
      return { user_id: user.id, api_key: apiKey };
    },
    async listUsers() {
      const users = await listUsers(db, { limit: 1000, offset: 0 });
      return { users: users.map((u) => ({ id: u.id, email: u.email, role: u.role, plan: u.plan })) };
    },
    async createKey(userId) {
      if (!(await findUserById(db, userId))) throw new CliError(`no user ${userId}`, 'not_found');
      const { key, record } = await createApiKey(db, userId);
      return { user_id: userId, api_key: key, prefix: record.prefix };
    },
    async revokeKey(prefix) {
      if (!(await revokeApiKey(db, prefix))) throw new CliError(`no active key with prefix ${prefix}`, 'not_found');
      return { prefix, status: 'revoked' };
    },
  };
}

function kindOf(status: number): CliError['kind'] {
  if (status === 401 || status === 403) return 'auth';
  if (status === 404) return 'not_found';
  if (status === 400) return 'usage';
  return undefined;
}

/** Embedded mode: PGlite belongs to the running process, so the CLI asks the service, as admin. */
export function httpOperations(baseUrl: string, adminKey: string): Operations {
  async function call(method: string, path: string, body?: unknown) {
    let response: Response;
    try {
      response = await fetch(new URL(path, baseUrl), {
        method,
        headers: { 'x-admin-key': adminKey, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
    } catch (error) {
      throw new CliError(`cannot reach the service at ${baseUrl} (${(error as Error).message}); is \`npm start\` running?`, 'unreachable');
    }
    const payload = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new CliError(JSON.stringify(payload.error ?? payload), kindOf(response.status));
    return payload;
  }
  return {
    createUser: async (input) => {
      const { user_id, api_key } = (await call('POST', '/admin/users', input)) as { user_id: string; api_key: string };
      return { user_id, api_key };
    },
    listUsers: async () => ({ users: ((await call('GET', '/admin/users?limit=100')) as { users: unknown[] }).users }),
    createKey: (userId) => call('POST', `/admin/users/${encodeURIComponent(userId)}/keys`),
    revokeKey: (prefix) => call('DELETE', `/admin/keys/${encodeURIComponent(prefix)}`),
  };
}
