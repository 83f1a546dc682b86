import { consume, decide, findByHash, findByUserCode, insertDeviceCode } from '../../../db/device-codes/device-codes.ts';
import { userContext } from '../trust/record.ts';
import type { DeviceCodeRow, User } from '../../../db/schema/index.ts';
import { findUserById } from '../../../db/users.ts';
import { oauthSettings } from '../../auth/tokens.ts';
import { createAuthenticator } from '../../auth/authenticate.ts';
import { requireFreshAuth } from '../../auth/fresh-auth.ts';
import type { AppDeps } from '../../context.ts';
import { AppError, forbidden, invalidRequest, notFound } from '../../errors.ts';
import type { Principal } from '../../route-config.ts';
import { unixSeconds } from '../../schemas.ts';
import { createOwnKey } from '../users/api-keys.ts';
import { issueSession } from '../users/session.ts';
import { hashDeviceCode, newDeviceCode, newUserCode, normalizeUserCode } from './codes.ts';

export const DEVICE_CODE_TTL_SECONDS = 600;
export const POLL_INTERVAL_SECONDS = 5;

const secondsLeft = (row: DeviceCodeRow) => Math.max(0, Math.ceil((row.expiresAt.getTime() - Date.now()) / 1000));
const expired = (row: DeviceCodeRow) => row.expiresAt.getTime() <= Date.now();

/**
 * POST /auth/cli/start. `origin` is the address the caller reached us at, for the verification
 * URL; `requesterIp` is kept to show the person approving. `apiKey`: the completed login also
 * brings a revocable API key for this device.
 */
export async function startDeviceLogin(
  deps: AppDeps,
  origin: string,
  requesterIp: string | null,
  request: { client_name?: string; api_key?: boolean } = {},
) {
  const deviceCode = newDeviceCode();
  const userCode = newUserCode();
  await insertDeviceCode(deps.db, {
    codeHash: hashDeviceCode(deviceCode),
    userCode,
    clientName: request.client_name ?? null,
    requesterIp,
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

/**
 * Where and when the request was made. The client name is whatever the requester typed; the
 * address and time are what a person can check against their own terminal (a phished code
 * comes from somewhere else, minutes earlier).
 */
const requester = (row: DeviceCodeRow) => ({ requested_from: row.requesterIp, requested_at: unixSeconds(row.createdAt) });

/** GET /auth/cli/verify: what the person approving sees before approving. */
export async function describeUserCode(deps: AppDeps, userCode: string) {
  const row = await findByUserCode(deps.db, normalizeUserCode(userCode));
  if (!row) throw notFound('NOT_FOUND', `No login request with code ${userCode}`);
  return {
    user_code: row.userCode,
    status: stateOf(row),
    client_name: row.clientName,
    ...requester(row),
    expires_in: secondsLeft(row),
    approve: { method: 'POST' as const, path: '/auth/cli/complete', body: { user_code: row.userCode } },
  };
}

/**
 * POST /auth/cli/complete: binds the request to the authenticated user, who approves it or
 * (decision "deny") refuses it. An identity-provider token, when sent, must prove the same
 * identity as the request's credential. Approving a login that brings an API key mints a key:
 * it needs a fresh sign-in like POST /api-keys. The session the poll hands out rests on the
 * approver's sign-in (when, and with which key), so a device login never renews a session's
 * lifetime, and revoking the approver's key ends it too.
 */
export async function completeDeviceLogin(
  deps: AppDeps,
  principal: Extract<Principal, { kind: 'user' }>,
  body: { device_code?: string; user_code?: string; identity_token?: string; decision?: 'approve' | 'deny' },
) {
  const { user } = principal;
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
  if (decision === 'approved' && row.keyRequested) requireFreshAuth(principal, deps.config.FRESH_AUTH_MAX_AGE_SECONDS);
  const decided = await decide(deps.db, row.codeHash, user.id, decision, { authAt: new Date(principal.authTime * 1000), keyId: principal.keyId ?? null });
  if (!decided) throw new AppError('CONFLICT', 'The login request was already completed');
  return decisionBody(decided);
}

const decisionBody = (row: DeviceCodeRow) => ({
  status: row.status === 'denied' ? ('denied' as const) : ('approved' as const),
  user_code: row.userCode,
  client_name: row.clientName,
  ...requester(row),
  message:
    row.status === 'denied'
      ? 'Login denied: the command line will be told on its next poll'
      : 'Login approved: the command line will receive its token on its next poll',
});

async function checkIdentityToken(deps: AppDeps, user: User, token: string) {
  const { config, secrets } = deps;
  const authenticate = createAuthenticator(deps.db, { adminKey: secrets.adminKey, jwtSecret: secrets.jwtSecret, oauth: oauthSettings(config) });
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
export async function pollDeviceLogin(deps: AppDeps, deviceCode: string, requestId: string | null = null) {
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
  // Rows approved before approver_auth_at existed rest on their approval time.
  const signedInAt = consumed.approverAuthAt ?? consumed.approvedAt ?? new Date();
  const session = await issueSession(deps, owner, { authTime: unixSeconds(signedInAt), keyId: consumed.approverKeyId }, userContext(owner.id, requestId));
  if (!consumed.keyRequested) return { status: 'complete' as const, ...session };
  return { status: 'complete' as const, ...session, ...(await deviceKey(deps, owner.id, requestId)) };
}

/**
 * The device's own API key: a login that lasts until it is revoked (the console's API keys, or
 * the CLI's logout), where the session token lasts minutes. A person at the key limit still
 * logs in, with the session token only, and is told why.
 */
async function deviceKey(deps: AppDeps, userId: string, requestId: string | null) {
  try {
    return { api_key: await createOwnKey(deps, userId, userContext(userId, requestId)) };
  } catch (error) {
    if (error instanceof AppError && error.code === 'CONFLICT') return { api_key: null, api_key_refused: error.message };
    throw error;
  }
}
