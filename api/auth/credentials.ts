import type { FastifyRequest } from 'fastify';

export type Credential =
  | { kind: 'admin_header'; value: string }
  | { kind: 'bearer'; value: string }
  | { kind: 'api_key'; value: string };

/**
 * The credential a request carries, in the spec's order of preference: X-Admin-Key,
 * `Authorization: Bearer`, X-API-Key, then the `api_key` query parameter.
 * A malformed Authorization header counts as a credential that will fail, not as none.
 */
export function extractCredential(request: FastifyRequest): Credential | null {
  const admin = request.headers['x-admin-key'];
  if (typeof admin === 'string' && admin) return { kind: 'admin_header', value: admin };
  const authorization = request.headers.authorization;
  if (authorization) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    return { kind: 'bearer', value: match?.[1] ?? '' };
  }
  const apiKey = request.headers['x-api-key'];
  if (typeof apiKey === 'string' && apiKey) return { kind: 'api_key', value: apiKey };
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query?.api_key;
  if (typeof fromQuery === 'string' && fromQuery) return { kind: 'api_key', value: fromQuery };
  return null;
}
