import type { Database } from '../../../db/client.ts';
import { findPublicServer } from '../../../db/moderation/servers.ts';
import { notFound } from '../../errors.ts';

/** The registry server a moderation route names, or 404 SERVER_NOT_FOUND. */
export async function requireServer(db: Database, name: string) {
  const server = await findPublicServer(db, name);
  if (!server) throw notFound('SERVER_NOT_FOUND', `Server ${name} not found`);
  return server;
}
