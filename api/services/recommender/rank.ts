import { hits } from './terms.ts';
import type { ServerCandidate, ToolCandidate } from '../../../db/recommender/candidates.ts';

export interface RankedServer {
  server: ServerCandidate;
  score: number;
}
export interface RankedTool {
  tool: ToolCandidate;
  score: number;
}

/**
 * Term matching, weighted by where a term is found: a name says most, tags and category
 * next, a description least. A server also earns half of its best tool's score, so a server
 * whose tools fit the query ranks even when its own blurb does not.
 */
export function rank(queryTerms: string[], servers: ServerCandidate[], tools: ToolCandidate[]) {
  const n = queryTerms.length;
  const rankedTools: RankedTool[] = tools
    .map((tool) => ({
      tool,
      score: (3 * hits(queryTerms, tool.tool) + 2 * hits(queryTerms, tool.toolTags.join(' ')) + hits(queryTerms, tool.toolDescription)) / (6 * n),
    }))
    .filter((t) => t.score > 0)
    .sort((a, b) => b.score - a.score || a.tool.tool.localeCompare(b.tool.tool));

  const byName = new Map<string, ServerCandidate>();
  for (const s of [...servers, ...tools]) byName.set(s.name, byName.get(s.name) ?? s);
  const bestTool = new Map<string, number>();
  for (const t of rankedTools) bestTool.set(t.tool.name, Math.max(bestTool.get(t.tool.name) ?? 0, t.score));

  const rankedServers: RankedServer[] = [...byName.values()]
    .map((server) => {
      const own =
        (3 * hits(queryTerms, `${server.name} ${server.displayName}`) + 2 * hits(queryTerms, `${server.category} ${server.tags.join(' ')}`) + hits(queryTerms, server.description)) /
        (6 * n);
      return { server, score: Math.min(1, own + 0.5 * (bestTool.get(server.name) ?? 0)) };
    })
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.server.name.localeCompare(b.server.name));
  return { servers: rankedServers, tools: rankedTools };
}
