import type { SyncedEntry } from '../../db/registry/sync.ts';

/**
 * A catalog server as the registry sync writes it (db/registry/sync.ts), launched with `true`
 * and offering one `ping` tool unless `overrides` says otherwise.
 */
export function syncedServer(name: string, overrides: Partial<SyncedEntry> = {}): SyncedEntry {
  return {
    name,
    displayName: name,
    description: `${name} server`,
    version: '1.0.0',
    url: `https://example.com/${name}`,
    icon: '',
    category: 'development',
    tags: [],
    launch: { command: 'true', args: [name] },
    authentication: null,
    rateLimit: null,
    supportedPlatforms: [],
    source: 'catalog',
    toolsSource: 'documentation',
    tools: [{ name: 'ping', description: 'ping', inputSchema: { type: 'object' } }],
    ...overrides,
  };
}
