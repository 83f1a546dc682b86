import type { Database } from '../../db/client.ts';
import {
  findCredentialsSealedWithout,
  findCredentialTimes,
  findServerAuthentication,
  findStoredCredentials,
  resealCredential,
  saveCredentials,
} from '../../db/credentials/server-credentials.ts';
import type { ServerAuthentication } from '../../db/credentials/server-credentials.ts';
import type { CredentialCipher } from './cipher.ts';

/*
 * The credential store (issue 35, item 4): what a server declares, what a user has set, and
 * the values themselves, which only the worker reads (loadServerCredentials) for that user's
 * instance of that server. Every other reader gets names and times, never a value.
 */

/** The names a server's `authentication` block declares, and how they reach it. */
export interface DeclaredCredentials {
  /** `env` for a stdio server (environment variables), `header` for an HTTP one (request headers). */
  kind: 'env' | 'header';
  names: string[];
  /** Whether the server cannot run without them (the entry's `required`). */
  required: boolean;
  /** The vendor's page where a user makes the value (the entry's `setup_url`). */
  setupUrl: string | null;
}

export interface CredentialStatus extends DeclaredCredentials {
  set: { name: string; updatedAt: Date }[];
  /** Declared names not set, when `required`: what keeps the server from running for this user. */
  missing: string[];
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.length > 0) : []);

/**
 * The names of an entry: `env_var` and `env_vars`; an HTTP server may name request headers in
 * `headers` instead (the catalog's entries are all stdio today; admin entries may be HTTP).
 */
export function declaredCredentials(server: ServerAuthentication): DeclaredCredentials {
  const auth = server.authentication ?? {};
  const http = server.launchType !== null && server.launchType !== 'stdio';
  const headers = strings(auth.headers);
  const envNames = [...strings([auth.env_var]), ...strings(auth.env_vars)];
  const names = [...new Set(http && headers.length ? headers : envNames)];
  return {
    kind: http && headers.length ? 'header' : 'env',
    names,
    required: auth.required === true && names.length > 0,
    setupUrl: typeof auth.setup_url === 'string' ? auth.setup_url : null,
  };
}

/**
 * Which credentials a server declares for a user, which are set (name and time) and which
 * are missing. null when there is no such server. Reads no ciphertext.
 */
export async function credentialStatus(db: Database, userId: string | null, serverKey: string): Promise<CredentialStatus | null> {
  const server = await findServerAuthentication(db, serverKey);
  if (!server) return null;
  return statusOf(db, userId, serverKey, declaredCredentials(server));
}

/** The same from a declaration already read (execution reads it with the tool row). */
export async function statusOf(db: Database, userId: string | null, serverKey: string, declared: DeclaredCredentials): Promise<CredentialStatus> {
  // A caller with no user (the admin key on direct execution) has no credentials of its own.
  const stored = userId && declared.names.length ? await findCredentialTimes(db, userId, serverKey) : [];
  const set = stored.filter((row) => declared.names.includes(row.name));
  const setNames = new Set(set.map((row) => row.name));
  return { ...declared, set, missing: declared.required ? declared.names.filter((name) => !setNames.has(name)) : [] };
}

/**
 * The clear values a user set for a server, by declared name (env variables of a stdio
 * server, headers of an HTTP one: `declaredCredentials(...).kind`): for the worker, to give
 * that user's instance of that server and nothing else. Names the entry no longer declares are
 * left out. Throws when a value cannot be opened (a key missing from the ring, a moved row).
 */
export async function loadServerCredentials(db: Database, cipher: CredentialCipher, userId: string, serverKey: string): Promise<Record<string, string>> {
  const server = await findServerAuthentication(db, serverKey);
  return server ? openCredentials(db, cipher, userId, serverKey, declaredCredentials(server)) : {};
}

/** The same from a declaration already read (the worker reads it with the launch); no query when it names none. */
export async function openCredentials(db: Database, cipher: CredentialCipher, userId: string, serverKey: string, declared: DeclaredCredentials): Promise<Record<string, string>> {
  if (!declared.names.length) return {};
  const names = new Set(declared.names);
  const values: Record<string, string> = {};
  for (const row of await findStoredCredentials(db, userId, serverKey)) {
    if (names.has(row.name)) values[row.name] = cipher.open(row, { userId, serverKey, name: row.name });
  }
  return values;
}

/** Seals and stores values (merge: names not given keep theirs). Names are the caller's to check. */
export async function saveServerCredentials(db: Database, cipher: CredentialCipher, userId: string, serverKey: string, values: Record<string, string>): Promise<void> {
  const sealed = Object.entries(values).map(([name, value]) => ({ name, ...cipher.seal(value, { userId, serverKey, name }) }));
  await saveCredentials(db, userId, serverKey, sealed);
}

export interface ResealReport {
  resealed: number;
  /** Rows no configured key opens: left as they are, counted so the operator sees them. */
  unreadable: number;
}

/**
 * A rotation's pass: every row sealed with another key than the current one is opened and
 * sealed again with the current key. Safe to run twice and beside live writes.
 */
export async function resealCredentials(db: Database, cipher: CredentialCipher, batch = 200): Promise<ResealReport> {
  const report: ResealReport = { resealed: 0, unreadable: 0 };
  const skipped = new Set<string>();
  for (;;) {
    const rows = (await findCredentialsSealedWithout(db, cipher.keyId, batch + skipped.size)).filter((row) => !skipped.has(`${row.userId}\0${row.serverKey}\0${row.name}`));
    if (!rows.length) return report;
    for (const row of rows) {
      const slot = { userId: row.userId, serverKey: row.serverKey, name: row.name };
      let value: string;
      try {
        value = cipher.open(row, slot);
      } catch {
        skipped.add(`${row.userId}\0${row.serverKey}\0${row.name}`);
        report.unreadable += 1;
        continue;
      }
      if (await resealCredential(db, row, cipher.seal(value, slot))) report.resealed += 1;
    }
  }
}
