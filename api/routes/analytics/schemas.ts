import { z } from 'zod';

/** Free-form metadata, kept small: analytics rows are many, and a public route writes them. */
export const metadata = z
  .record(z.string().max(100), z.unknown())
  .refine((m) => JSON.stringify(m).length <= 4096, 'metadata must serialize to at most 4096 characters');

export const trackBody = z
  .object({
    event_type: z.string().regex(/^[a-z][a-z0-9_.-]{0,63}$/, 'lower-case letters, digits, _ . - (up to 64), starting with a letter'),
    server_name: z.string().min(1).max(200).optional(),
    tool_name: z.string().min(1).max(200).optional(),
    query: z.string().min(1).max(500).optional(),
    session_id: z.string().min(1).max(128).optional(),
    metadata: metadata.optional(),
  })
  .strict();

export const recorded = z.object({ id: z.uuid(), status: z.literal('recorded'), event_type: z.string(), created_at: z.string() });

export const days = (defaultDays: number, maxDays: number) => z.coerce.number().int().min(1).max(maxDays).default(defaultDays);

export const periodSchema = z.object({ days: z.number().int(), from: z.string(), to: z.string() });
