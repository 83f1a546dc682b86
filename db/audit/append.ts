import type { Database } from '../client.ts';
import { auditLog } from '../schema/index.ts';

/** Who acted: a user (their id), the admin key (no user), or the service itself. */
export type AuditActor = { kind: 'user'; id: string } | { kind: 'admin'; id?: string | null } | { kind: 'system' };

export interface AuditEntry {
  actor: AuditActor;
  /** `<area>.<verb>`: credential.set, tool_hold.approve, api_key.create ... (docs/decisions.md, "The audit log"). */
  action: string;
  /** What was acted on, by name or id: `server/tool`, a key's prefix, a hold's id. */
  target: string;
  requestId?: string | null;
  /** Names, ids and counts; never a value of a secret (see redactSecrets). */
  details?: Record<string, unknown>;
}

/** Transaction or database: an append inside a write's transaction commits or rolls back with it. */
type Executor = Pick<Database, 'insert'>;

// Keys whose values are secrets whatever a caller meant: dropped as a second line of defence.
const SECRET_KEY = /secret|password|passwd|token|api_?key|authorization|cookie|ciphertext|private|^values?$/i;

/** Copies `details` with every secret-named key's value replaced, at any depth. */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, depth + 1));
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, SECRET_KEY.test(k) ? '[redacted]' : redactSecrets(v, depth + 1)]));
}

/**
 * The one writer of the audit log (issue 37, item 4): every audited action calls this, so the
 * row's shape and the redaction are the same everywhere. Append-only: the table's trigger
 * refuses updates and deletes (migration 0017).
 */
export async function appendAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await appendAuditMany(db, [entry]);
}

export async function appendAuditMany(db: Executor, entries: AuditEntry[]): Promise<void> {
  if (!entries.length) return;
  await db.insert(auditLog).values(
    entries.map((e) => ({
      actorKind: e.actor.kind,
      actorId: e.actor.kind === 'system' ? null : (e.actor.id ?? null),
      action: e.action,
      target: e.target,
      requestId: e.requestId ?? null,
      details: redactSecrets(e.details ?? {}) as Record<string, unknown>,
    })),
  );
}
