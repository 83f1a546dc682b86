import { shownServerName } from '../../../db/registry/server-keys.ts';
import type { StoredScore } from '../../../db/schema/index.ts';
import type { RankedTool } from './retrieve.ts';

/** Four decimals: enough to order by, and stable across backends' float noise. */
const round = (n: number) => Math.round(n * 10_000) / 10_000;

function breakdown(t: RankedTool): StoredScore {
  return { score: round(t.score), semantic_score: round(t.semantic_score), capability_score: round(t.capability_score), success_rate: round(t.success_rate) };
}

/** Registry tools of a custom server carry its internal key; the owner sees the chosen name. Indexed tools keep theirs. */
const shownServer = (t: RankedTool) => (t.doc.id.startsWith('reg:') ? shownServerName(t.doc.server) : t.doc.server);

function common(t: RankedTool) {
  return {
    name: t.doc.name,
    server: shownServer(t),
    ...breakdown(t),
    description: t.doc.description,
    category: t.doc.category ?? null,
    tags: t.doc.tags ?? [],
  };
}

/** A result item of GET /retrieve_tools and /v1/retrieve_tools (spec "Tool": `inputSchema`). */
export const rootTool = (t: RankedTool) => ({ ...common(t), inputSchema: t.doc.inputSchema ?? { type: 'object' } });

/** A result item of GET /v2/retrieve_tools (`input_schema`). */
export const v2Tool = (t: RankedTool) => ({ ...common(t), input_schema: t.doc.inputSchema ?? { type: 'object' } });

/** Query event `scores`: tool name to its breakdown (the better-ranked wins a name clash). */
export function scoresByName(tools: RankedTool[]): Record<string, StoredScore> {
  const out: Record<string, StoredScore> = {};
  for (const t of tools) out[t.doc.name] ??= breakdown(t);
  return out;
}

/** Servers of the results in rank order, each once, at most five (v2 `recommended_mcps`). */
export function recommendedServers(tools: RankedTool[]): string[] {
  return [...new Set(tools.map(shownServer))].slice(0, 5);
}
