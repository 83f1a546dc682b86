import { text } from 'drizzle-orm/pg-core';

/*
 * A value sealed by platform/credentials/cipher.ts (AES-256-GCM; the nonce and tag travel inside
 * the ciphertext) is two columns: the ciphertext, and the id of the key that sealed it (a key
 * rotation re-seals by it). One declaration for every table that keeps one; `column` keeps each
 * table's own SQL name (no migration).
 */

/** A sealed value every row has. */
export const sealedColumns = (column: string) => ({ ciphertext: text(column).notNull(), keyId: text('key_id').notNull() });

/** A sealed value a row may lack (a public client has no secret): both null together. */
export const optionalSealedColumns = (column: string) => ({ ciphertext: text(column), keyId: text('key_id') });
