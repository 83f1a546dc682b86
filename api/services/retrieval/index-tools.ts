import { createHash, randomUUID } from 'node:crypto';
import type { Client } from '@temporalio/client';
import { z } from 'zod';
import { INDEX_TOOLS_WORKFLOW, indexToolsWorkflowId, workflowArgs } from '../../../contracts/index.ts';
import type { IndexToolsInput, IndexToolsOutput } from '../../../contracts/index.ts';
import type { Database } from '../../../db/client.ts';
import type { StagedTool } from '../../../db/retrieval/api-tools.ts';
import { batchProgress, existingApiTools, stageApiTools, stageOwnApiTools } from '../../../db/retrieval/api-tools.ts';
import type { Plan } from '../../../db/schema/index.ts';
import { apiDocId } from '../../../db/retrieval/tool-documents.ts';
import { toolCapabilities } from '../../../search/capabilities.ts';
import { notFound } from '../../errors.ts';
import { assertWithinPlan } from '../registry/plan-allowances.ts';

/** Calls with at most this many tools to embed are answered when done; larger ones with 202. */
export const INLINE_LIMIT = 500;

const toolInput = z.object({
  name: z.string().trim().min(1).max(200),
  server: z.string().trim().min(1).max(200),
  description: z.string().max(10_000),
  input_schema: z.record(z.string(), z.unknown()).optional(),
  inputSchema: z.record(z.string(), z.unknown()).optional(),
  category: z.string().trim().max(100).optional().nullable(),
  tags: z.array(z.string().trim().min(1).max(100)).max(50).optional(),
});

type Failure = { index: number; name?: string; server?: string; reason: string };

/** Enrichment: normalised description, deduplicated tags, derived capabilities, a content hash. */
function enrich(owner: string | null, t: z.infer<typeof toolInput>): StagedTool {
  const description = t.description.replace(/\s+/g, ' ').trim();
  const inputSchema = t.input_schema ?? t.inputSchema ?? null;
  const tags = [...new Set(t.tags ?? [])];
  const category = t.category || null;
  const doc = { id: '', server: t.server, name: t.name, description, inputSchema, category, tags };
  const contentHash = createHash('sha256').update(JSON.stringify([description, inputSchema, category, tags])).digest('hex').slice(0, 32);
  return {
    id: apiDocId(owner, t.server, t.name),
    ownerUserId: owner,
    server: t.server,
    name: t.name,
    description,
    inputSchema,
    category,
    tags,
    capabilities: toolCapabilities(doc),
    contentHash,
  };
}

/**
 * POST /v2/index_tools. Each tool is validated on its own (a bad one is `failed` with its
 * reason, the rest go on), enriched, and compared with the ledger: with skip_existing a tool
 * already indexed is skipped; without it only changed tools are re-embedded, unchanged ones
 * are skipped as "unchanged". What is left is staged and indexed by the indexing workflow.
 * A user's tools count against their plan's total (`plan`; null for the admin key's public
 * catalog): a call that would take them past it is refused whole, before anything is staged.
 */
export function createToolIndexing(deps: { db: Database; temporal: { client: Client; taskQueue: string } }) {
  const { db, temporal } = deps;

  /**
   * Stages the tools; a user's own (with `plan`) only when the ones new to the ledger fit in the
   * plan's total, else 400 PLAN_LIMIT_EXCEEDED and nothing is staged.
   */
  async function stage(owner: string | null, plan: Plan | null, batchId: string, toStage: StagedTool[], existing: Map<string, { status: string }>) {
    if (!owner || !plan) return stageApiTools(db, batchId, toStage);
    // A changed tool replaces its row; only ids not held yet (or whose indexing failed) add one.
    const added = toStage.filter((tool) => (existing.get(tool.id)?.status ?? 'failed') === 'failed').length;
    return stageOwnApiTools(db, owner, batchId, toStage, (held) => {
      // Replacing tools already held is never refused, even past a total lowered since.
      if (added > 0) assertWithinPlan(plan, 'maxIndexedTools', held, held + added);
    });
  }

  return {
    async indexTools(owner: string | null, body: { tools: unknown[]; skip_existing?: boolean }, plan: Plan | null = null) {
      const failures: Failure[] = [];
      const skipped: { name: string; server: string; reason: string }[] = [];
      const byId = new Map<string, StagedTool>();
      body.tools.forEach((raw, index) => {
        const parsed = toolInput.safeParse(raw);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          const r = (raw ?? {}) as Record<string, unknown>;
          failures.push({ index, name: typeof r.name === 'string' ? r.name : undefined, server: typeof r.server === 'string' ? r.server : undefined, reason: `${issue.path.join('.') || 'tool'}: ${issue.message}` });
          return;
        }
        const staged = enrich(owner, parsed.data);
        const earlier = byId.get(staged.id);
        if (earlier) skipped.push({ name: earlier.name, server: earlier.server, reason: 'duplicate in request (the last one is indexed)' });
        byId.set(staged.id, staged);
      });
      const existing = await existingApiTools(db, [...byId.keys()]);
      const toStage: StagedTool[] = [];
      for (const tool of byId.values()) {
        const known = existing.get(tool.id);
        if (known?.status === 'indexed' && body.skip_existing) skipped.push({ name: tool.name, server: tool.server, reason: 'already indexed (skip_existing)' });
        else if (known?.status === 'indexed' && known.contentHash === tool.contentHash) skipped.push({ name: tool.name, server: tool.server, reason: 'unchanged' });
        else toStage.push(tool);
      }
      const base = { skipped: skipped.length, skipped_tools: skipped.slice(0, 100), failures };
      if (toStage.length === 0) return { status: 'completed' as const, indexed: 0, failed: failures.length, ...base };
      const batchId = randomUUID();
      await stage(owner, plan, batchId, toStage, existing);
      // The workflow's signature from its contract: api/ never imports workflows/, not even for types.
      const handle = await temporal.client.workflow.start<(input: IndexToolsInput) => Promise<IndexToolsOutput>>(INDEX_TOOLS_WORKFLOW, {
        taskQueue: temporal.taskQueue,
        workflowId: indexToolsWorkflowId(batchId),
        args: workflowArgs(INDEX_TOOLS_WORKFLOW, { batchId, ownerUserId: owner }),
      });
      if (toStage.length > INLINE_LIMIT) {
        return { status: 'accepted' as const, batch_id: batchId, workflow_id: handle.workflowId, accepted: toStage.length, status_url: `/v2/index_tools/${batchId}`, failed: failures.length, ...base };
      }
      const result = await handle.result();
      const progress = result.failed ? await batchProgress(db, batchId, owner) : undefined;
      const workflowFailures = (progress?.failures ?? []).map((f) => ({ index: -1, name: f.name, server: f.server, reason: f.error ?? 'indexing failed' }));
      return { status: 'completed' as const, batch_id: batchId, indexed: result.indexed, ...base, failed: failures.length + result.failed, failures: [...failures, ...workflowFailures] };
    },

    /** GET /v2/index_tools/{batch_id}: how far a large call has got. */
    async batchStatus(owner: string | null, batchId: string) {
      const progress = await batchProgress(db, batchId, owner);
      if (progress.pending + progress.indexed + progress.failed === 0) throw notFound('NOT_FOUND', `No indexing batch ${batchId}`);
      return {
        batch_id: batchId,
        workflow_id: indexToolsWorkflowId(batchId),
        status: progress.pending > 0 ? ('running' as const) : ('completed' as const),
        indexed: progress.indexed,
        pending: progress.pending,
        failed: progress.failed,
        failures: progress.failures.map((f) => ({ name: f.name, server: f.server, reason: f.error ?? 'indexing failed' })),
      };
    },
  };
}
