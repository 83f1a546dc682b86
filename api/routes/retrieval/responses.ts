import { z } from 'zod';
import { v2ToolItem } from '../../operations/retrieval-schemas.ts';

// Response schemas of query history and the indexing API. The serializer encodes with them:
// only the fields written here are sent, and a body that does not fit is a 500, not a leak.

const int = z.number().int();
const score = z.number().min(0).max(1);

/** Spec "Query event": one authenticated GET /v2/retrieve_tools, as recorded. */
const queryEvent = z.object({
  id: z.uuid(),
  user_id: z.uuid(),
  query: z.string(),
  source: z.enum(['api', 'mcp', 'dashboard']),
  selected_tools: z.array(z.string()),
  scores: z.record(z.string(), z.object({ score, semantic_score: score, capability_score: score, success_rate: score })),
  // Stored as the v2 retrieval answered them (api/services/retrieval/present.ts, withSnakeSchema).
  retrieved_tools: z.array(v2ToolItem),
  created_at: z.iso.datetime({ offset: true }),
});
export const queryHistory = z.object({ queries: z.array(queryEvent), total: int, limit: int });
type StoredHistory = Omit<z.input<typeof queryHistory>, 'queries'> & { queries: (Omit<z.input<typeof queryEvent>, 'retrieved_tools'> & { retrieved_tools: Record<string, unknown>[] })[] };
/**
 * The database types `retrieved_tools` as plain records (jsonb); they hold what the v2 retrieval
 * answered, and the serializer checks each against `v2ToolItem` on every answer.
 */
export const asQueryHistory = (history: StoredHistory) => history as z.input<typeof queryHistory>;

/** A tool the call did not index again, and why (unchanged, skip_existing, duplicate in the request). */
const skippedTool = z.object({ name: z.string(), server: z.string(), reason: z.string() });
/**
 * A tool that could not be indexed. `index` is its position in the request's `tools`, or -1
 * when it passed validation and the indexing workflow failed it; name and server are absent
 * when the item did not carry them as strings.
 */
const indexFailure = z.object({ index: int.min(-1), name: z.string().optional(), server: z.string().optional(), reason: z.string() });
const counts = {
  failed: int,
  skipped: int,
  /** The first 100 of them; `skipped` counts them all. */
  skipped_tools: z.array(skippedTool),
  failures: z.array(indexFailure),
};

/** 200: everything to embed was embedded in the call; no batch when nothing was left to embed. */
export const indexCompleted = z.object({ status: z.literal('completed'), batch_id: z.uuid().optional(), indexed: int, ...counts });
/** 202: more than the inline limit to embed; the batch is followed at `status_url`. */
export const indexAccepted = z.object({
  status: z.literal('accepted'),
  batch_id: z.uuid(),
  workflow_id: z.string(),
  accepted: int,
  status_url: z.string(),
  ...counts,
});

/** GET /v2/index_tools/{batch_id}: how far a batch has got (failures: the first 100). */
export const indexBatch = z.object({
  batch_id: z.uuid(),
  workflow_id: z.string(),
  status: z.enum(['running', 'completed']),
  indexed: int,
  pending: int,
  failed: int,
  failures: z.array(z.object({ name: z.string(), server: z.string(), reason: z.string() })),
});
