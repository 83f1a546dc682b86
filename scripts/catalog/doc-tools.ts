// Documentation fallback: tools from schema files the package ships (an MCPB
// manifest.json or a tools JSON), else from its README.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { CatalogTool } from '../../catalog/schema.ts';
import { toolsFromReadme } from './readme-tools.ts';

interface RawTool {
  name?: unknown;
  description?: unknown;
  inputSchema?: unknown;
  input_schema?: unknown;
}

function fromArray(value: unknown): CatalogTool[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((raw: RawTool) => {
    if (typeof raw?.name !== 'string' || !/^[\w.-]{2,128}$/.test(raw.name)) return [];
    const schema = (raw.inputSchema ?? raw.input_schema) as Record<string, unknown> | undefined;
    const inputSchema = schema && typeof schema === 'object' ? { ...schema, type: 'object' as const } : { type: 'object' as const, properties: {} };
    return [{ name: raw.name, description: typeof raw.description === 'string' ? raw.description : '', inputSchema }];
  });
}

/** Candidate schema files: the package root and one level below, never node_modules. */
function schemaFiles(dir: string): string[] {
  const found: string[] = [];
  const visit = (folder: string, depth: number) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const full = path.join(folder, entry.name);
      if (entry.isDirectory() && depth < 1) visit(full, depth + 1);
      else if (entry.isFile() && /^(manifest|tools|mcp-tools|tool-definitions)\.json$/i.test(entry.name)) found.push(full);
    }
  };
  if (existsSync(dir)) visit(dir, 0);
  return found;
}

export interface DocTools {
  tools: CatalogTool[];
  from: string;
}

/** Tools the package's own published files name, or none. */
export function documentedTools(packageDir: string | undefined, readme: string | undefined): DocTools {
  for (const file of packageDir ? schemaFiles(packageDir) : []) {
    try {
      const json = JSON.parse(readFileSync(file, 'utf8')) as { tools?: unknown } | unknown[];
      const tools = fromArray(Array.isArray(json) ? json : json.tools);
      if (tools.length) return { tools, from: path.basename(file) };
    } catch {
      // not JSON we understand; try the next file
    }
  }
  return { tools: readme ? toolsFromReadme(readme) : [], from: 'README' };
}
