import { createApiKey } from './api-keys.ts';
import type { Database } from './client.ts';
import type { Plan, Role, User } from './schema/index.ts';
import { createUser, findUserByEmail } from './users.ts';

export class DuplicateEmailError extends Error {}

/** Creates a user and its first API key together: neither exists without the other. */
export async function createAccount(
  db: Database,
  input: { email: string; role?: Role; plan?: Plan },
): Promise<{ user: User; apiKey: string }> {
  return db.transaction(async (tx) => {
    if (await findUserByEmail(tx as Database, input.email)) throw new DuplicateEmailError(input.email);
    const user = await createUser(tx as Database, input);
    const { key } = await createApiKey(tx as Database, user.id);
    return { user, apiKey: key };
  });
}
