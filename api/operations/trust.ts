import { z } from 'zod';
import { HOLD_STATUSES } from '../../db/schema/index.ts';
import { exportAuditLog, listAuditLog } from '../services/trust/audit.ts';
import { decideToolHold, getToolHold, listToolHolds } from '../services/trust/holds.ts';
import type { TrustCaller } from '../services/trust/holds.ts';
import { defineOperation } from './operation.ts';

/*
 * Tool holds and the audit log (issue 37, items 1 and 4): REST only (the console and the CLI
 * are faces over REST). No MCP tool: an agent must not approve the definitions it is shown.
 */

const unused = () => '';
const restOnly = { rateScope: null, taskSupport: 'forbidden' as const, text: unused };

const finding = z.object({
  rule: z.enum(['model-instruction', 'hidden-text', 'sensitive-reference', 'tool-reference', 'length-outlier']),
  field: z.string().describe('Where in the definition: description, title, or a schema path'),
  excerpt: z.string().describe('What matched, invisible characters written as \\u{...}'),
});

const definition = z
  .object({
    name: z.string(),
    title: z.string().nullish(),
    description: z.string().nullish(),
    inputSchema: z.record(z.string(), z.unknown()),
    outputSchema: z.record(z.string(), z.unknown()).nullish(),
    annotations: z.record(z.string(), z.unknown()).nullish(),
  })
  .describe('A tool definition: every field a client is shown, so every field is pinned');

const holdSummary = z.object({
  id: z.uuid(),
  server: z.string(),
  tool: z.string(),
  kind: z.enum(['changed', 'new', 'first-sighting']).describe('changed: differs from its pin; new: a known server listed a new tool; first-sighting: a new server\'s tool the scanner flagged'),
  status: z.enum(HOLD_STATUSES),
  findings: z.array(finding).describe("The scanner's findings; empty when held only for being changed or new"),
  version: z.string().describe('The server version the held definition came from'),
  source: z.string().describe('sync (catalog, upstream registry) or refresh (a live tools/list)'),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  decided_by: z.string().nullable(),
});

export const holdDetail = holdSummary.extend({
  previous: definition.nullable().describe('The pinned definition; null for a tool never pinned'),
  proposed: definition,
  changes: z.array(z.object({ field: z.string(), old: z.unknown(), new: z.unknown() })).describe('The fields that differ, old and new'),
});

const holdId = z.object({ hold_id: z.uuid() });

/** GET /tool_holds. */
export const listHoldsOp = defineOperation({
  ...restOnly,
  name: 'list_tool_holds',
  description: 'Tool definitions held for review, newest first: an admin sees all, a user those on their own custom servers.',
  input: z.object({
    status: z.enum(HOLD_STATUSES).optional(),
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  }),
  output: z.object({ holds: z.array(holdSummary), next_cursor: z.string().nullable() }),
  auth: 'required',
  errorStatuses: [],
  annotations: { readOnlyHint: true, openWorldHint: false },
  call: (caller: TrustCaller, args) => listToolHolds(caller, args),
});

/** GET /tool_holds/{hold_id}: with the diff of old and new. */
export const getHoldOp = defineOperation({
  ...restOnly,
  name: 'get_tool_hold',
  description: 'One held definition: its findings, the pinned and the proposed definition, and the fields that differ.',
  input: holdId,
  output: holdDetail,
  auth: 'required',
  errorStatuses: [404],
  annotations: { readOnlyHint: true, openWorldHint: false },
  call: (caller: TrustCaller, args) => getToolHold(caller, args.hold_id),
});

/** POST /tool_holds/{hold_id}/approve. */
export const approveHoldOp = defineOperation({
  ...restOnly,
  name: 'approve_tool_hold',
  description: 'Approves a held definition: it becomes the pin, and the tool is ranked, listed and runnable again.',
  input: holdId,
  output: holdDetail,
  auth: 'required',
  errorStatuses: [404, 409],
  annotations: { readOnlyHint: false, openWorldHint: false, destructiveHint: false },
  call: (caller: TrustCaller, args) => decideToolHold(caller, args.hold_id, 'approve'),
});

/** POST /tool_holds/{hold_id}/reject. */
export const rejectHoldOp = defineOperation({
  ...restOnly,
  name: 'reject_tool_hold',
  description: 'Rejects a held definition: the pin stays, and a tool that had one is served by its pinned definition.',
  input: holdId,
  output: holdDetail,
  auth: 'required',
  errorStatuses: [404, 409],
  annotations: { readOnlyHint: false, openWorldHint: false, destructiveHint: false },
  call: (caller: TrustCaller, args) => decideToolHold(caller, args.hold_id, 'reject'),
});

const auditFilters = z.object({
  action: z.string().max(100).optional().describe('e.g. credential.set, tool_hold.approve, api_key.create'),
  actor_id: z.uuid().optional(),
  actor_kind: z.enum(['user', 'admin', 'system']).optional(),
  target: z.string().max(300).optional(),
  since: z.iso.datetime({ offset: true }).optional(),
  until: z.iso.datetime({ offset: true }).optional(),
  cursor: z.coerce.number().int().min(1).optional().describe('next_cursor of the page before'),
});

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.object({ kind: z.enum(['user', 'admin', 'system']), id: z.string().nullable() }),
  action: z.string(),
  target: z.string(),
  request_id: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});

/** GET /admin/audit. */
export const listAuditOp = defineOperation({
  ...restOnly,
  name: 'list_audit_log',
  description: 'The audit log, newest first, filtered and paged by cursor.',
  input: auditFilters.extend({ limit: z.coerce.number().int().min(1).max(500).default(100) }),
  output: z.object({ entries: z.array(auditEntrySchema), next_cursor: z.number().int().nullable() }),
  auth: 'admin',
  errorStatuses: [],
  annotations: { readOnlyHint: true, openWorldHint: false },
  call: (caller: TrustCaller, args) => listAuditLog(caller.deps, args),
});

/** GET /admin/audit.jsonl: the same filters, every row as one JSON line (for a SIEM). */
export const exportAuditOp = defineOperation({
  ...restOnly,
  name: 'export_audit_log',
  description: 'The audit log as JSON lines (application/x-ndjson), newest first, at most 50,000 rows per export.',
  input: auditFilters,
  output: z.string(),
  auth: 'admin',
  errorStatuses: [],
  annotations: { readOnlyHint: true, openWorldHint: false },
  call: (caller: TrustCaller, args) => exportAuditLog(caller.deps, args),
});
