import type { User } from '../db/schema/index.ts';
import type { ErrorForm } from './error-forms.ts';

/** Authentication levels of endpoints.tsv. `user` = "Required (user identity)": an admin key alone is not enough. */
export type AuthLevel = 'none' | 'optional' | 'required' | 'user' | 'admin' | 'signature';

/**
 * Rate-limit scopes of the spec's Limits table, plus three of ours the spec leaves open:
 * `public_write`, the writes that take anonymous callers (analytics, device login, free-tool
 * installs, query and selection feedback); `public_read`, the catalog, moderation and insight
 * reads anyone may make; and `indexing`, POST /v2/index_tools (embedded on the operator's key).
 * Every route reachable without credentials has one or a reason (api/route-scopes.ts).
 */
export const RATE_SCOPES = ['execution', 'server_management', 'retrieval', 'public_write', 'public_read', 'indexing'] as const;
export type RateScope = (typeof RATE_SCOPES)[number];

export type Principal =
  | { kind: 'admin'; via: 'admin_key' }
  /**
   * `authTime`: Unix seconds of the sign-in behind the credential (now for an API key; see
   * api/auth/fresh-auth.ts). `keyId`: the API key of that sign-in, if one was used.
   */
  | { kind: 'user'; user: User; via: 'api_key' | 'jwt' | 'oauth'; authTime: number; keyId?: string; grant?: OAuthGrant };

/**
 * The grant behind an access token of Switchboard's own authorization server: the one resource
 * the token is for and what it may do (api/services/oauth). Absent for every other credential.
 */
export interface OAuthGrant {
  id: string;
  clientId: string;
  resource: string;
  scopes: readonly string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthLevel;
    rateScope?: RateScope;
    /** The 429 code of this route; the root execution route says RATE_LIMIT_EXCEEDED. */
    rateLimitCode?: 'RATE_LIMITED' | 'RATE_LIMIT_EXCEEDED';
    errorForm?: ErrorForm;
    /** The route mints a long-lived credential: a session must come from a recent sign-in (api/auth/fresh-auth.ts). */
    freshAuth?: boolean;
    /**
     * Error statuses this route answers beyond those its auth level, rate scope and path
     * parameters imply (404 without a path parameter, 409, 503, 504...). The OpenAPI document
     * declares them in the route's error form (api/plugins/openapi-responses.ts).
     */
    errorStatuses?: readonly number[];
  }
  interface FastifyRequest {
    principal?: Principal;
  }
}
