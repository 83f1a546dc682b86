import { z } from 'zod';
import { APPROVAL_STATUSES, CALL_DECISIONS } from '../../db/schema/index.ts';
import { decideApproval, getApproval, listApprovals } from '../services/trust/call-approvals.ts';
import type { ApprovalCaller } from '../services/trust/call-approvals.ts';
import { listPolicies, setPolicy } from '../services/trust/call-policies.ts';
import { defineOperation } from './operation.ts';

/*
 * Call policies and approvals (issue 37, item 3): REST only, like tool holds. No MCP tool: an
 * agent must not approve the calls it asked for.
 */

const unused = () => '';
const restOnly = { rateScope: null, taskSupport: 'forbidden' as const, text: unused, auth: 'required' as const };

/** Server and tool names as the catalog writes them: bounded, printable, no path tricks. */
const name = z.string().min(1).max(200).regex(/^[\w.@:/-]+$/, 'letters, digits and . _ - @ : / only');

const policy = z.object({
  server: z.string(),
  tool: z.string().nullable().describe('null: the policy covers every tool of the server'),
  decision: z.enum(CALL_DECISIONS),
  updated_at: z.string(),
});
const policies = z.object({ policies: z.array(policy) });

/** GET /call_policies. */
export const listPoliciesOp = defineOperation({
  ...restOnly,
  name: 'list_call_policies',
  description: 'Your call policies: per server or per tool, allow, ask (wait for your approval) or deny. Where none applies, the tool\'s annotations decide.',
  input: z.object({}),
  output: policies,
  errorStatuses: [],
  annotations: { readOnlyHint: true, openWorldHint: false },
  call: (caller: ApprovalCaller) => listPolicies(caller),
});

/** PUT /call_policies: one server's or tool's policy; `default` removes it. */
export const setPolicyOp = defineOperation({
  ...restOnly,
  name: 'set_call_policy',
  description: 'Sets your policy for a server (no tool) or one of its tools: allow, ask, deny, or default (remove it: the annotations decide).',
  input: z.strictObject({ server: name, tool: name.optional(), decision: z.enum([...CALL_DECISIONS, 'default']) }),
  output: policies,
  errorStatuses: [404],
  annotations: { readOnlyHint: false, openWorldHint: false, destructiveHint: false },
  call: (caller: ApprovalCaller, args) => setPolicy(caller, args),
});

export const approvalSchema = z.object({
  id: z.uuid(),
  server: z.string(),
  tool: z.string(),
  arguments: z.record(z.string(), z.unknown()).describe('The arguments the call will be made with, as the caller gave them'),
  reason: z.string().describe('Why it waits: your policy or the tool\'s annotations'),
  run_kind: z.enum(['job', 'agent']),
  run_id: z.string().describe('The job id, or the agent run id'),
  status: z.enum(APPROVAL_STATUSES),
  created_at: z.string(),
  expires_at: z.string(),
  decided_at: z.string().nullable(),
  decided_by: z.string().nullable(),
  links: z.object({ approve: z.string(), deny: z.string(), console: z.string() }),
});

const approvalId = z.object({ approval_id: z.uuid() });

/** GET /call_approvals. */
export const listApprovalsOp = defineOperation({
  ...restOnly,
  name: 'list_call_approvals',
  description: 'Calls of yours that waited or wait for your approval, newest first.',
  input: z.object({
    status: z.enum(APPROVAL_STATUSES).optional(),
    cursor: z.iso.datetime({ offset: true }).optional().describe('next_cursor of the page before'),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  }),
  output: z.object({ approvals: z.array(approvalSchema), next_cursor: z.string().nullable() }),
  errorStatuses: [],
  annotations: { readOnlyHint: true, openWorldHint: false },
  call: (caller: ApprovalCaller, args) => listApprovals(caller, args),
});

/** GET /call_approvals/{approval_id}. */
export const getApprovalOp = defineOperation({
  ...restOnly,
  name: 'get_call_approval',
  description: 'One call approval with the call\'s arguments.',
  input: approvalId,
  output: approvalSchema,
  errorStatuses: [404],
  annotations: { readOnlyHint: true, openWorldHint: false },
  call: (caller: ApprovalCaller, args) => getApproval(caller, args.approval_id),
});

/** POST /call_approvals/{approval_id}/approve. */
export const approveCallOp = defineOperation({
  ...restOnly,
  name: 'approve_call',
  description: 'Approves a waiting call: its run goes on and calls the tool.',
  input: approvalId,
  output: approvalSchema,
  errorStatuses: [404, 409],
  annotations: { readOnlyHint: false, openWorldHint: false, destructiveHint: false },
  call: (caller: ApprovalCaller, args) => decideApproval(caller, args.approval_id, 'approve'),
});

/** POST /call_approvals/{approval_id}/deny. */
export const denyCallOp = defineOperation({
  ...restOnly,
  name: 'deny_call',
  description: 'Denies a waiting call: its run ends without calling the tool.',
  input: approvalId,
  output: approvalSchema,
  errorStatuses: [404, 409],
  annotations: { readOnlyHint: false, openWorldHint: false, destructiveHint: false },
  call: (caller: ApprovalCaller, args) => decideApproval(caller, args.approval_id, 'deny'),
});
