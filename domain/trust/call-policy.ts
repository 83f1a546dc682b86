/**
 * Whether a call runs at once, waits for its owner's approval, or is refused (issue 37,
 * item 3). Pure: the tool's annotations and the user's policy rows in, one decision out.
 *
 * Order: the user's policy for the tool, then for its server, then the default by annotation:
 * - `readOnlyHint: true` → allow (it changes nothing, whatever else it claims);
 * - `destructiveHint: true` → ask;
 * - anything else (`openWorldHint` included, and no annotations at all) → allow.
 * The MCP spec's own defaults (destructiveHint and openWorldHint true when absent) are not
 * used: most servers annotate nothing, and asking for every call of them would teach people
 * to approve without reading. A user who distrusts a server sets `ask` on it.
 */

export type CallDecision = 'allow' | 'ask' | 'deny';

/** The hints a tool's definition may carry (MCP ToolAnnotations); anything else is ignored. */
export interface CallAnnotations {
  readOnlyHint?: unknown;
  destructiveHint?: unknown;
  openWorldHint?: unknown;
}

export interface CallPolicies {
  /** The user's policy for this tool, if any. */
  tool?: CallDecision | null;
  /** The user's policy for the tool's server, if any. */
  server?: CallDecision | null;
}

export interface CallVerdict {
  decision: CallDecision;
  /** Why, in words a person reads in the approval queue or an error. */
  reason: string;
}

/** The default by annotation, when the user set nothing for the tool or its server. */
export function defaultDecision(annotations: CallAnnotations | null | undefined): CallVerdict {
  if (annotations?.readOnlyHint === true) return { decision: 'allow', reason: 'the tool is read-only' };
  if (annotations?.destructiveHint === true) return { decision: 'ask', reason: 'the tool says it is destructive (destructiveHint)' };
  return { decision: 'allow', reason: 'no annotation asks for approval' };
}

/** The decision for one call. */
export function decideCall(annotations: CallAnnotations | null | undefined, policies: CallPolicies): CallVerdict {
  if (policies.tool) return { decision: policies.tool, reason: `your policy for this tool is ${policies.tool}` };
  if (policies.server) return { decision: policies.server, reason: `your policy for this server is ${policies.server}` };
  return defaultDecision(annotations);
}
