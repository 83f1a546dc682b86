import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ReferenceServerName } from '../../mcp/index.ts';
import type { SyncedEntry } from '../../db/registry/sync.ts';

const require = createRequire(import.meta.url);

function packageVersion(name: string): string {
  const manifest = JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version?: string };
  return manifest.version ?? '0.0.0';
}

interface ReferenceMeta {
  pkg: string;
  displayName: string;
  description: string;
  category: SyncedEntry['category'];
  tags: string[];
  icon: string;
}

// Registry metadata only: the tools always come from connecting and calling tools/list.
const META: Record<ReferenceServerName, ReferenceMeta> = {
  everything: {
    pkg: '@modelcontextprotocol/server-everything',
    displayName: 'Everything (MCP reference)',
    description: 'Reference server exercising every MCP feature: echo, sums, long-running operations with progress, structured content, sampling and resources.',
    category: 'development',
    tags: ['reference', 'testing', 'echo', 'demo'],
    icon: 'flask',
  },
  memory: {
    pkg: '@modelcontextprotocol/server-memory',
    displayName: 'Memory (knowledge graph)',
    description: 'Persistent memory as a local knowledge graph of entities, relations and observations.',
    category: 'databases',
    tags: ['reference', 'memory', 'knowledge-graph'],
    icon: 'brain',
  },
  filesystem: {
    pkg: '@modelcontextprotocol/server-filesystem',
    displayName: 'Filesystem',
    description: 'Read, write, search and manage files, confined to a sandbox folder of the service data directory.',
    category: 'development',
    tags: ['reference', 'files', 'filesystem'],
    icon: 'folder',
  },
  'sequential-thinking': {
    pkg: '@modelcontextprotocol/server-sequential-thinking',
    displayName: 'Sequential Thinking',
    description: 'Structured step-by-step problem solving through a revisable, branching sequence of thoughts.',
    category: 'development',
    tags: ['reference', 'reasoning', 'planning'],
    icon: 'list-ordered',
  },
};

/** Registry entries of the four npm reference servers shipped as dependencies. */
export function referenceEntries(): SyncedEntry[] {
  return (Object.keys(META) as ReferenceServerName[]).map((name) => {
    const meta = META[name];
    return {
      name,
      displayName: meta.displayName,
      description: meta.description,
      version: packageVersion(meta.pkg),
      url: `https://www.npmjs.com/package/${meta.pkg}`,
      icon: meta.icon,
      category: meta.category,
      tags: meta.tags,
      launch: { type: 'reference', name },
      authentication: { type: 'none', required: false },
      rateLimit: null,
      supportedPlatforms: ['linux', 'macos', 'windows'],
      source: 'reference',
      toolsSource: 'tools/list',
    };
  });
}
