import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './config.ts';

export interface Secrets {
  adminKey: string;
  jwtSecret: string;
  /** The credential store's current key, 32 bytes in base64 (platform/credentials/cipher.ts). */
  credentialsKey: string;
  /** Where generated secrets were kept, when any were generated. */
  file?: string;
}

/**
 * In the embedded mode nothing has to be configured: missing secrets are generated once and
 * kept in DATA_DIR/secrets.json (mode 0600) so they survive restarts and the CLI can read
 * them. The production shape requires all three in configuration (config.ts enforces it).
 */
export function resolveSecrets(config: Config): Secrets {
  if (config.ADMIN_KEY && config.JWT_SECRET && config.CREDENTIALS_KEY) {
    return { adminKey: config.ADMIN_KEY, jwtSecret: config.JWT_SECRET, credentialsKey: config.CREDENTIALS_KEY };
  }
  const file = join(config.DATA_DIR, 'secrets.json');
  const stored = readStored(file);
  const secrets = {
    adminKey: config.ADMIN_KEY ?? stored.adminKey ?? `sbadmin_${randomBytes(24).toString('base64url')}`,
    jwtSecret: config.JWT_SECRET ?? stored.jwtSecret ?? randomBytes(48).toString('base64url'),
    // A file from before the credential store gains its key here; once written it must never
    // change, or every stored credential becomes unreadable (rotation: docs/operators.md).
    credentialsKey: config.CREDENTIALS_KEY ?? stored.credentialsKey ?? randomBytes(32).toString('base64'),
  };
  mkdirSync(config.DATA_DIR, { recursive: true, mode: 0o700 });
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  // The mode above applies only when the file is created: a file from an older run keeps its own.
  chmodSync(file, 0o600);
  return { ...secrets, file };
}

export function readStored(file: string): Partial<Secrets> {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>;
  } catch {
    return {};
  }
}
