import type { Database } from '../../../db/client.ts';
import { findToolTargets } from '../../../db/jobs/tool-target.ts';
import { shownServerName } from '../../../db/registry/server-keys.ts';
import { resolveServerKey } from '../../../db/registry/servers.ts';
import type { ToolTarget } from '../../../db/jobs/tool-target.ts';
import { AppError, notFound } from '../../errors.ts';
import { whyUnrunnable } from '../../../domain/launch.ts';
import { probeSandbox } from '../../../sandbox/index.ts';
import { validateArguments } from '../../../domain/validate-arguments.ts';
import { requireCredentials } from './credentials-required.ts';
import { findPendingHold } from '../../../db/trust/holds.ts';

/** Statuses the registry's health checks set when a server cannot be used (catalog packages are never checked: 'unknown'). */
const NOT_CONNECTED = new Set(['disconnected', 'error']);

/**
 * Finds the tool a caller may run (decisions.md, "Which tool runs"): `name` or
 * `server/name`; another user's custom server is invisible; a server the user switched off
 * is "disabled"; one without a launch config or marked disconnected/error is "not
 * connected". Each case is a 404 TOOL_NOT_FOUND whose message says which. A server that
 * requires credentials the caller has not set is 409 CREDENTIALS_REQUIRED (credentials-required.ts).
 */
export async function resolveTool(db: Database, ref: string, userId: string | null): Promise<ToolTarget> {
  const slash = ref.indexOf('/');
  const [server, name] = slash > 0 ? [ref.slice(0, slash), ref.slice(slash + 1)] : [undefined, ref];
  // The caller's own custom server of that name first (names are per owner, docs/registry.md).
  const serverKey = server === undefined ? undefined : await resolveServerKey(db, server, userId);
  const visible = (await findToolTargets(db, name, serverKey, userId)).filter((t) => t.ownerUserId === null || t.ownerUserId === userId);
  if (!visible.length) throw (await heldError(db, name, serverKey, userId)) ?? notFound('TOOL_NOT_FOUND', `Tool ${ref} not found`);
  const enabled = visible.filter((t) => t.enabledForUser !== false);
  if (!enabled.length) throw notFound('TOOL_NOT_FOUND', `Tool ${ref} is on a server you disabled (${shownServerName(visible[0]?.server ?? '')})`);
  const sandbox = await probeSandbox();
  const connected = enabled.filter((t) => whyUnrunnable(t.launch, sandbox) === null && !NOT_CONNECTED.has(t.serverStatus));
  const chosen = connected[0];
  if (!chosen) {
    const first = enabled[0];
    const why = first ? whyUnrunnable(first.launch, sandbox) : null;
    throw notFound('TOOL_NOT_FOUND', `Tool ${ref} is not connected: server ${shownServerName(first?.server ?? '')} is ${why ? `unsupported here (${why})` : 'unavailable'}`);
  }
  await requireCredentials(db, chosen, userId);
  return chosen;
}

/**
 * A held tool is not stored (db/trust/gate.ts), so it is not found; the caller is told it waits
 * for review instead, naming the hold, when its server is one they may see.
 */
async function heldError(db: Database, name: string, serverKey: string | undefined, userId: string | null): Promise<AppError | null> {
  const hold = await findPendingHold(db, name, serverKey);
  if (!hold || (hold.ownerUserId !== null && hold.ownerUserId !== userId)) return null;
  const why = hold.kind === 'changed' ? 'its definition changed' : hold.kind === 'new' ? 'it is new on a known server' : 'the scanner flagged its definition';
  return new AppError('TOOL_HELD', `Tool ${shownServerName(hold.serverName)}/${name} is held for review (${why}); an admin must approve hold ${hold.id} before it runs`, {
    hold_id: hold.id,
    kind: hold.kind,
    rules: [...new Set(hold.findings.map((f) => f.rule))],
  });
}

/**
 * The tool a run will call, with its arguments checked against the tool's inputSchema: the
 * one read of the tool row and the one validation per run, direct or job (the worker reads
 * only the server's launch config). INVALID_ARGUMENTS names the argument in `argument`.
 */
export async function runnableTool(db: Database, ref: string, userId: string | null, args: Record<string, unknown>): Promise<ToolTarget> {
  const target = await resolveTool(db, ref, userId);
  const problem = validateArguments(target.inputSchema, args);
  if (problem) throw new AppError('INVALID_ARGUMENTS', problem.message, {}, { argument: problem.argument });
  return target;
}
