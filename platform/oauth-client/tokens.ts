import type { OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { z } from 'zod';
import type { CredentialCipher } from '../credentials/cipher.ts';
import { OAUTH_TOKENS_NAME } from '../../db/oauth-client/connections.ts';

/** What is sealed under `oauth:tokens`: the two tokens, nothing else (the rest is in oauth_connections). */
const storedTokens = z.object({ access_token: z.string().min(1), refresh_token: z.string().min(1).optional() });
export type StoredTokens = z.infer<typeof storedTokens>;

export const tokensSlot = (userId: string, serverKey: string) => ({ userId, serverKey, name: OAUTH_TOKENS_NAME });

export function sealTokens(cipher: CredentialCipher, userId: string, serverKey: string, tokens: StoredTokens) {
  return cipher.seal(JSON.stringify(tokens), tokensSlot(userId, serverKey));
}

export function openTokens(cipher: CredentialCipher, userId: string, serverKey: string, sealed: { ciphertext: string; keyId: string }): StoredTokens {
  return storedTokens.parse(JSON.parse(cipher.open(sealed, tokensSlot(userId, serverKey))));
}

/** When an AS's answer stops working; null when it gave no `expires_in`. */
export function expiryOf(tokens: OAuthTokens, now = Date.now()): Date | null {
  return typeof tokens.expires_in === 'number' && tokens.expires_in > 0 ? new Date(now + tokens.expires_in * 1000) : null;
}

/** Only what we keep of a token answer (an AS may send more, an id_token say: not ours to store). */
export const keptTokens = (tokens: OAuthTokens): StoredTokens => ({
  access_token: tokens.access_token,
  ...(tokens.refresh_token ? { refresh_token: tokens.refresh_token } : {}),
});
