import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { mcpServers, tools } from '../../db/schema/index.ts';
import type { ServerCategory } from '../../db/schema/index.ts';

/** Inserts a registry server (and optional tools) with a name unique to the test run. */
export async function insertServer(
  db: Database,
  input: {
    name?: string;
    description?: string;
    category?: ServerCategory;
    tags?: string[];
    ownerUserId?: string;
    authentication?: Record<string, unknown>;
    tools?: { name: string; description: string; tags?: string[] }[];
  } = {},
) {
  const name = input.name ?? `srv-${randomBytes(4).toString('hex')}`;
  await db.insert(mcpServers).values({
    name,
    displayName: name.toUpperCase(),
    description: input.description ?? `Test server ${name}`,
    category: input.category ?? 'development',
    tags: input.tags ?? [],
    ownerUserId: input.ownerUserId,
    authentication: input.authentication,
    source: input.ownerUserId ? 'custom' : 'admin',
  });
  if (input.tools?.length) {
    await db.insert(tools).values(
      input.tools.map((t) => ({
        serverName: name,
        name: t.name,
        description: t.description,
        tags: t.tags ?? [],
        inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
      })),
    );
  }
  return name;
}
