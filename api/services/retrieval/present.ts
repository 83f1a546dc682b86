import { shownServerName } from '../../../db/registry/server-keys.ts';
import type { StoredScore } from '../../../db/schema/index.ts';
import type { ScoredTool } from '../../../search/discover.ts';

/**
 * A retrieved tool as every face receives it: the spec's "Tool" (`inputSchema`), scores rounded.
 * GET /retrieve_tools and /v1 answer it as it is; /v2 renames the schema (`withSnakeSchema`).
 */
export interface RetrievedTool extends StoredScore {
  name: string;
  server: string;
  description: string;
  category: string | null;
  tags: string[];
  inputSchema: Record<string, unknown>;
}

/** Four decimals: enough to order by, and stable across backends' float noise. */
export const round = (n: number) => Math.round(n * 10_000) / 10_000;

/** Registry tools of a custom server carry its internal key; the owner sees the chosen name. Indexed tools keep theirs. */
const shownServer = (t: ScoredTool) => (t.doc.id.startsWith('reg:') ? shownServerName(t.doc.server) : t.doc.server);

export function retrievedTool(t: ScoredTool): RetrievedTool {
  return {
    name: t.doc.name,
    server: shownServer(t),
    score: round(t.score),
    semantic_score: round(t.semantic_score),
    capability_score: round(t.capability_score),
    success_rate: round(t.success_rate),
    description: t.doc.description,
    category: t.doc.category ?? null,
    tags: t.doc.tags ?? [],
    inputSchema: t.doc.inputSchema ?? { type: 'object' },
  };
}

/** The v2 form of a tool (`input_schema`), which is also what a query event stores as `retrieved_tools`. */
export const withSnakeSchema = <T extends RetrievedTool>({ inputSchema, ...rest }: T) => ({ ...rest, input_schema: inputSchema });

/** Query event `scores`: tool name to its breakdown (the better-ranked wins a name clash). */
export function scoresByName(tools: RetrievedTool[]): Record<string, StoredScore> {
  const out: Record<string, StoredScore> = {};
  for (const t of tools) out[t.name] ??= { score: t.score, semantic_score: t.semantic_score, capability_score: t.capability_score, success_rate: t.success_rate };
  return out;
}
