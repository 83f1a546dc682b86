import { z } from 'zod';

/** POST /v2/index_tools: the staged batch the indexing workflow embeds and indexes. */
export const indexToolsInput = z.object({ batchId: z.uuid(), ownerUserId: z.uuid().nullable() });
export type IndexToolsInput = z.infer<typeof indexToolsInput>;

export const indexToolsOutput = z.object({ batchId: z.uuid(), indexed: z.number().int(), failed: z.number().int() });
export type IndexToolsOutput = z.infer<typeof indexToolsOutput>;

/** The workflow id of a batch: callers of a large POST /v2/index_tools follow it by batch id. */
export const indexToolsWorkflowId = (batchId: string) => `index-tools-${batchId}`;

/** One chunk of the indexing workflow. */
export const indexBatchChunkOutput = z.object({ indexed: z.number().int(), failed: z.number().int(), remaining: z.boolean() });
export type IndexBatchChunkOutput = z.infer<typeof indexBatchChunkOutput>;

/**
 * The registry's hook (activities `indexTools` / `removeTools`): which servers' tools changed.
 * Absent `servers` means every registry server (a full refresh).
 */
export const registryIndexInput = z.object({ servers: z.array(z.string()).optional() });
export type RegistryIndexInput = z.infer<typeof registryIndexInput>;

export const registryIndexOutput = z.object({ indexed: z.number().int(), removed: z.number().int() });
export type RegistryIndexOutput = z.infer<typeof registryIndexOutput>;

/** POST /settings/embedding with a new provider: re-embed the user's own tools. */
export const reembedInput = z.object({ userId: z.uuid(), provider: z.string(), vendorModel: z.string() });
export type ReembedInput = z.infer<typeof reembedInput>;

export const reembedOutput = z.object({ userId: z.uuid(), tools: z.number().int() });
export type ReembedOutput = z.infer<typeof reembedOutput>;

export const reembedWorkflowId = (userId: string) => `reembed-${userId}`;
