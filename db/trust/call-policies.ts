import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { callPolicies, mcpServers, toolPins } from '../schema/index.ts';
import type { CallDecision, CallPolicyRow } from '../schema/index.ts';
import type { CallAnnotations, CallPolicies } from '../../domain/trust/call-policy.ts';

/**
 * What decides one call, in one statement: the annotations of the tool's pin (the definition
 * the service serves, db/trust/gate.ts) and the user's policy rows for the tool and its server.
 */
export async function callPolicyInputs(db: Database, userId: string, server: string, tool: string): Promise<{ annotations: CallAnnotations | null; policies: CallPolicies }> {
  const [row] = await db
    .select({
      annotations: sql<CallAnnotations | null>`(select ${toolPins.definition}->'annotations' from ${toolPins} where ${toolPins.serverName} = ${server} and ${toolPins.toolName} = ${tool})`,
      tool: sql<CallDecision | null>`(select decision from call_policies p where p.user_id = ${userId} and p.server_name = ${server} and p.tool_name = ${tool})`,
      server: sql<CallDecision | null>`(select decision from call_policies p where p.user_id = ${userId} and p.server_name = ${server} and p.tool_name = '')`,
    })
    .from(sql`(select 1) as one`);
  return { annotations: row?.annotations ?? null, policies: { tool: row?.tool ?? null, server: row?.server ?? null } };
}

export async function listCallPolicies(db: Database, userId: string): Promise<CallPolicyRow[]> {
  return db.select().from(callPolicies).where(eq(callPolicies.userId, userId)).orderBy(asc(callPolicies.serverName), asc(callPolicies.toolName));
}

/** Sets (or, with null, clears) the user's policy for a server (tool '') or one tool. */
export async function setCallPolicy(db: Database, userId: string, server: string, tool: string, decision: CallDecision | null): Promise<void> {
  const key = and(eq(callPolicies.userId, userId), eq(callPolicies.serverName, server), eq(callPolicies.toolName, tool));
  if (decision === null) {
    await db.delete(callPolicies).where(key);
    return;
  }
  await db
    .insert(callPolicies)
    .values({ userId, serverName: server, toolName: tool, decision })
    .onConflictDoUpdate({ target: [callPolicies.userId, callPolicies.serverName, callPolicies.toolName], set: { decision, updatedAt: sql`now()` } });
}

/** Whether a server of that key exists and the user may see it (a catalog server, or their own). */
export async function serverVisibleTo(db: Database, server: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ owner: mcpServers.ownerUserId })
    .from(mcpServers)
    .where(eq(mcpServers.name, server));
  return row !== undefined && (row.owner === null || row.owner === userId);
}
