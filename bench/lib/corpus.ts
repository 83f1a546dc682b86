import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ToolDocument } from '../../search/types.ts';

/** One benchmark query: text and the ids of the tools that answer it. */
export interface BenchQuery {
  qid: string;
  query: string;
  relevant: string[];
}

function readJsonl<T>(path: string): T[] {
  return readFileSync(path, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as T);
}

/** Reads tools in the stabletoolbench format ({id, server, name, description, input_schema, category}). */
export function loadTools(path: string): ToolDocument[] {
  return readJsonl<Record<string, unknown>>(path).map((t) => ({
    id: String(t.id),
    server: String(t.server),
    name: String(t.name),
    description: String(t.description ?? ''),
    inputSchema: (t.input_schema ?? t.inputSchema ?? null) as ToolDocument['inputSchema'],
    category: (t.category as string | undefined) ?? null,
    tags: (t.tags as string[] | undefined) ?? [],
  }));
}

/** Reads queries in the stabletoolbench format ({qid, query, relevant}). */
export function loadQueries(path: string): BenchQuery[] {
  return readJsonl<BenchQuery>(path);
}

/**
 * The short real-MCP set (MCPToolBench++, issue 39): built locally, never committed (its licence
 * is not declared: bench/data/mcptoolbench/LICENSE.md). Throws saying how to build it when absent.
 */
export function shortTasksDir(root: string): string {
  const dir = join(root, '.cache', 'bench', 'mcptoolbench');
  if (!existsSync(join(dir, 'queries.dev.jsonl'))) {
    throw new Error(`the short real-MCP set is not built (${dir}): fetch github:AI-Agent-Hub/MCPToolBenchPP, then python3 bench/data/mcptoolbench/build.py <its git dir>`);
  }
  return dir;
}
