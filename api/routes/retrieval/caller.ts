import type { FastifyRequest } from 'fastify';
import { isAdmin } from '../../plugins/auth.ts';
import type { Caller } from '../../services/retrieval/index.ts';

/** The authenticated principal as the retrieval service takes it: plain data, no request. */
export function callerOf(request: FastifyRequest): Caller {
  const principal = request.principal;
  return { userId: principal?.kind === 'user' ? principal.user.id : null, isAdmin: isAdmin(principal), origin: `${request.protocol}://${request.host}` };
}
