import { consume, decide, findByHash, findByUserCode, insertDeviceCode } from '../../../db/device-codes/device-codes.ts';
import type { DeviceCodeRow, User } from '../../../db/schema/index.ts';
import { findUserById } from '../../../db/users.ts';
import { createAuthenticator } from '../../auth/authenticate.ts';
import type { AppDeps } from '../../context.ts';
import { AppError, forbidden, invalidRequest, notFound } from '../../errors.ts';
import { createOwnKey } from '../users/api-keys.ts';
import { issueSession } from '../users/session.ts';
import { hashDeviceCode, newDeviceCode, newUserCode, normalizeUserCode } from './codes.ts';

export const DEVICE_CODE_TTL_SECONDS = 600;
export const POLL_INTERVAL_SECONDS = 5;

const secondsLeft = (row: DeviceCodeRow) => Math.max(0, Math.ceil((row.expiresAt.getTime() - Date.now()) / 1000));
const expired = (row: DeviceCodeRow) => row.expiresAt.getTime() <= Date.now();

/**
 * POST /auth/cli/start. `origin` is the address the caller reached us at, for the verification
 * URL. `apiKey`: the completed login also brings a revocable API key for this device.
 */
export async function startDeviceLogin(deps: AppDeps, origin: string, request: { client_name?: string; api_key?: boolean } = {}) {
  const deviceCode = newDeviceCode();
  const userCode = newUserCode();
  await insertDeviceCode(deps.db, {
    codeHash: hashDeviceCode(deviceCode),
    userCode,
    clientName: request.client_name ?? null,
    keyRequested: request.api_key ?? false,
    intervalSeconds: POLL_INTERVAL_SECONDS,
    expiresAt: new Date(Date.now() + DEVICE_CODE_TTL_SECONDS * 1000),
  });
  // The console's approval page (console/src/pages/device-approval.tsx); GET /auth/cli/verify is its data.
  const verificationUrl = `${origin}/console/device`;
  return {
    device_code: deviceCode,
    user_code: userCode,
    verification_url: verificationUrl,
    verification_url_complete: `${verificationUrl}?user_code=${userCode}`,
    expires_in: DEVICE_CODE_TTL_SECONDS,
    interval: POLL_INTERVAL_SECONDS,
  };
}

function stateOf(row: DeviceCodeRow): DeviceCodeRow['status'] | 'expired' {
  if (row.status === 'consumed' || row.status === 'denied') return row.status;
  return expired(row) ? 'expired' : row.status;
}

/** GET /auth/cli/verify: what the person approving sees before approving. */
export async function describeUserCode(deps: AppDeps, userCode: string) {
  const row = await findByUserCode(deps.db, normalizeUserCode(userCode));
  if (!row) throw notFound('NOT_FOUND', `No login request with code ${userCode}`);
  return {
    user_code: row.userCode,
    status: stateOf(row),
    client_name: row.clientName,
    expires_in: secondsLeft(row),
    approve: { method: 'POST' as const, path: '/auth/cli/complete', body: { user_code: row.userCode } },
  };
}

/**
 * POST /auth/cli/complete: binds the request to the authenticated user, who approves it or
 * (decision "deny") refuses it. An identity-provider token, when sent, must prove the same
 * identity as the request's credential.
 */
export async function completeDeviceLogin(
  deps: AppDeps,
  user: User,
  body: { device_code?: string; user_code?: string; identity_token?: string; decision?: 'approve' | 'deny' },
) {
  if (body.identity_token) await checkIdentityToken(deps, user, body.identity_token);
  const row = body.device_code
    ? await findByHash(deps.db, hashDeviceCode(body.device_code))
    : await findByUserCode(deps.db, normalizeUserCode(body.user_code ?? ''));
  const parameter = body.device_code ? 'device_code' : 'user_code';
  if (!row) throw notFound('NOT_FOUND', 'No such login request');
  const state = stateOf(row);
  if (state === 'expired') throw invalidRequest('The login request has expired; start again', parameter, 'expired');
  const decision = body.decision === 'deny' ? 'denied' : 'approved';
  if (state !== 'pending') {
    // The same person sending the same decision again (a double click) gets the same answer.
    if (row.userId === user.id && state === decision) return decisionBody(row);
    throw new AppError('CONFLICT', 'The login request was already completed');
  }
  const decided = await decide(deps.db, row.codeHash, user.id, decision);
  if (!decided) throw new AppError('CONFLICT', 'The login request was already completed');
  return decisionBody(decided);
}

const decisionBody = (row: DeviceCodeRow) => ({
  status: row.status === 'denied' ? ('denied' as const) : ('approved' as const),
  user_code: row.userCode,
  client_name: row.clientName,
  message:
    row.status === 'denied'
      ? 'Login denied: the command line will be told on its next poll'
      : 'Login approved: the command line will receive its token on its next poll',
});

async function checkIdentityToken(deps: AppDeps, user: User, token: string) {
  const { config, secrets } = deps;
  const oauth = config.OAUTH_ISSUER && config.OAUTH_JWKS_URL ? { issuer: config.OAUTH_ISSUER, jwksUrl: config.OAUTH_JWKS_URL, audience: config.OAUTH_AUDIENCE } : undefined;
  const authenticate = createAuthenticator(deps.db, { adminKey: secrets.adminKey, jwtSecret: secrets.jwtSecret, oauth });
  let principal;
  try {
    principal = await authenticate({ kind: 'bearer', value: token });
  } catch {
    throw invalidRequest('identity_token is not a valid token', 'identity_token', 'invalid');
  }
  if (principal.kind !== 'user' || principal.user.id !== user.id) {
    throw forbidden('identity_token names a different identity than the request credential');
  }
}

/** POST /auth/cli/poll: pending, then exactly one complete answer with the token. */
export async function pollDeviceLogin(deps: AppDeps, deviceCode: string) {
  const row = await findByHash(deps.db, hashDeviceCode(deviceCode));
  if (!row) throw notFound('NOT_FOUND', 'No such login request');
  const state = stateOf(row);
  if (state === 'expired') throw invalidRequest('The login request has expired; start again', 'device_code', 'expired');
  if (state === 'consumed') throw invalidRequest('The token of this login was already issued', 'device_code', 'already_used');
  if (state === 'pending') return { status: 'pending' as const, interval: row.intervalSeconds, expires_in: secondsLeft(row) };
  if (state === 'denied') return { status: 'denied' as const, message: 'The login request was denied' };
  const consumed = await consume(deps.db, row.codeHash);
  if (!consumed?.userId) throw invalidRequest('The token of this login was already issued', 'device_code', 'already_used');
  const owner = await findUserById(deps.db, consumed.userId);
  if (!owner) throw notFound('NOT_FOUND', 'The approving user no longer exists');
  const session = await issueSession(deps, owner);
  if (!consumed.keyRequested) return { status: 'complete' as const, ...session };
  return { status: 'complete' as const, ...session, ...(await deviceKey(deps, owner.id)) };
}

/**
 * The device's own API key: a login that lasts until it is revoked (the console's API keys, or
 * the CLI's logout), where the session token lasts minutes. A person at the key limit still
 * logs in, with the session token only, and is told why.
 */
async function deviceKey(deps: AppDeps, userId: string) {
  try {
    return { api_key: await createOwnKey(deps, userId) };
  } catch (error) {
    if (error instanceof AppError && error.code === 'CONFLICT') return { api_key: null, api_key_refused: error.message };
    throw error;
  }
}
