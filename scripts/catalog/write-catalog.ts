// Serializes the catalog: pretty at the server level, one line per tool. Fully
// indented schemas would triple the file (~13 MB) for no reader's benefit, and one
// line per tool keeps diffs between harvests readable.
import { writeFileSync } from 'node:fs';
import type { CatalogFile } from '../../catalog/schema.ts';

const TOOLS_MARK = '"__tools__"';

/** Stable bytes for the same content: callers sort servers and tools before writing. */
export function serializeCatalog(file: CatalogFile): string {
  const servers = file.servers.map((server) => {
    const shell = JSON.stringify({ ...server, tools: '__tools__' }, null, 2).replace(/\n/g, '\n    ');
    const tools = server.tools.length ? `[\n${server.tools.map((tool) => `        ${JSON.stringify(tool)}`).join(',\n')}\n      ]` : '[]';
    // A function replacement: tool text may contain `$&` or `$'`, which a string replacement expands.
    return `    ${shell.replace(TOOLS_MARK, () => tools)}`;
  });
  return `{\n  "servers": [\n${servers.join(',\n')}\n  ]\n}\n`;
}

export function writeCatalog(target: string, file: CatalogFile): void {
  writeFileSync(target, serializeCatalog(file));
}
