import { z } from 'zod';
import { AVAILABILITY_CODES, RUN_STATES } from '../services/retrieval/availability.ts';

// The fields of a retrieval, for every face of it (api/operations/retrieval.ts, the retrieval
// routes): the spec's limits are written here once.
import { NOT_BLANK } from '../schemas.ts';

/** Spec "Limits": query up to 500 characters (and not blank), top_k 1..50, default 5. */
export const queryText = z
  .string({ error: 'query is required' })
  .min(1, 'query must not be empty')
  .max(500, 'query must be at most 500 characters')
  .regex(NOT_BLANK, 'query must not be empty');

export const topK = z.coerce.number().int('top_k must be an integer').min(1, 'top_k must be at least 1').max(50, 'top_k must be at most 50').default(5);

export const minScore = z.coerce.number().min(0, 'min_score must be between 0 and 1').max(1, 'min_score must be between 0 and 1');

export const queryBoolean = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const v1Filter = z.object({
  server: z.string().min(1).max(200).optional(),
  category: z.string().min(1).max(100).optional(),
  min_score: minScore.default(0),
});

function filterJsonSchema() {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(v1Filter, { io: 'input' });
  return schema;
}

/**
 * `filter` of GET /v1/retrieve_tools: a JSON object in one parameter (filter={"server":"x"}).
 * The document shows it as a string holding JSON (pattern, contentMediaType) with the object's
 * schema as contentSchema, so clients see its fields rather than "any string".
 */
export const jsonFilter = z
  .string()
  .regex(/^\s*\{[\s\S]*\}\s*$/, 'filter must be a JSON object')
  .meta({ description: 'A JSON object (server, category, min_score)', contentMediaType: 'application/json', contentSchema: filterJsonSchema() })
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'filter must be a JSON object' });
      return z.NEVER;
    }
  })
  .pipe(v1Filter);

const score = z.number().min(0).max(1);

/** Only tools the caller can run without setup (availability.state ready or installable). */
export const runnableOnly = z.boolean().optional().meta({ description: 'Only tools the caller can run now without setup: availability.state ready or installable' });


/** Whether the tool can run for the caller (docs/retrieval.md "Availability"). */
export const availability = z
  .object({
    status: z.enum(['ok', 'degraded', 'unavailable']).meta({
      description: 'ok: nothing known against it; degraded: it may run but is likely to fail (failing lately, outside the plan); unavailable: a call fails as things stand (server down, a required credential not set)',
    }),
    state: z.enum(RUN_STATES).meta({
      description:
        'Whether the caller can run it now: ready (runs without an install or setup), installable (its package installs on the first call, expected_install_seconds from past installs when known), needs_credentials (missing_credentials are not set; set them at setup_url), unsupported (this service cannot run it here; the reason says why), disabled (on a server the caller switched off)',
    }),
    missing_credentials: z.array(z.string()).optional().meta({ description: 'needs_credentials: the names the caller has not set' }),
    setup_url: z.string().optional().meta({ description: 'needs_credentials: where the caller sets them (the console page of the server)' }),
    expected_install_seconds: z.number().optional().meta({ description: 'installable: how long its install took here before' }),
    reasons: z
      .array(
        z.object({
          code: z.enum(AVAILABILITY_CODES),
          message: z.string(),
        }),
      )
      .meta({ description: "Each fact that moved the tool's score: succeeded_for_you raised it, every other code lowered it. Empty when none did" }),
  })
  .meta({ description: 'Availability of the tool for the caller; its score already includes it. Absent in query events stored before it existed' });

export const toolItem = z.object({
  name: z.string(),
  server: z.string(),
  score,
  semantic_score: score,
  capability_score: score,
  success_rate: score,
  description: z.string(),
  category: z.string().nullable(),
  tags: z.array(z.string()),
  availability: availability.optional(),
});

export const rootToolItem = toolItem.extend({ inputSchema: z.record(z.string(), z.unknown()) });
export const v2ToolItem = toolItem.extend({ input_schema: z.record(z.string(), z.unknown()) });

export const embeddingOutcome = z
  .object({ space: z.string(), fallback: z.boolean(), requested_space: z.string().optional(), reason: z.string().optional() })
  .meta({ description: "Present for a user who searches in a vector space of their own (GET /settings/embedding): the space that scored their tools; fallback true when their provider could not answer and the default space did" });

export const retrieveData = z.object({ tools: z.array(rootToolItem), query_time_ms: z.number().int(), total_tools_searched: z.number().int() });
