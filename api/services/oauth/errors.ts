/**
 * An OAuth error as the RFCs spell it (RFC 6749 section 5.2, RFC 7591 section 3.2.2, RFC 8707
 * section 2): `{ error, error_description }`, not the REST API's error forms — OAuth clients
 * parse this shape. The description never carries a secret (a code, a token, a verifier).
 */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status = 400,
  ) {
    super(description);
    this.name = 'OAuthError';
  }

  get body() {
    return { error: this.error, error_description: this.description };
  }
}

export const invalidRequest = (description: string) => new OAuthError('invalid_request', description);
export const invalidGrant = (description: string) => new OAuthError('invalid_grant', description);
export const invalidClient = (description: string) => new OAuthError('invalid_client', description, 401);
export const invalidTarget = (description: string) => new OAuthError('invalid_target', description);
