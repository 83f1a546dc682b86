import { describe, expect, it } from 'vitest';
import { nameTools } from '../../api/mcp-face/packs/tool-names.ts';

const VALID = /^[A-Za-z0-9_.-]{1,128}$/;

describe('flat tool names of the pack endpoints', () => {
  it('keeps <server>__<tool> when that is a valid MCP name', () => {
    const named = nameTools([
      { server: 'everything', name: 'echo' },
      { server: 'my-weather', name: 'get.forecast_v2' },
    ]);
    expect([...named.keys()]).toEqual(['everything__echo', 'my-weather__get.forecast_v2']);
    expect(named.get('everything__echo')).toEqual({ server: 'everything', name: 'echo' });
  });

  it('makes names with other characters or over 128 characters valid, distinct and stable', () => {
    const entries = [
      { server: 'files', name: 'read file' },
      { server: 'files', name: 'read/file' },
      { server: 'files', name: 'read_file' },
      { server: 'long', name: 'x'.repeat(200) },
      { server: 'long', name: `${'x'.repeat(200)}y` },
    ];
    const named = nameTools(entries);
    const names = [...named.keys()];
    expect(names).toHaveLength(5);
    expect(names.every((name) => VALID.test(name))).toBe(true);
    // The valid one keeps its plain name; the others get a hash of the original pair.
    expect(names).toContain('files__read_file');
    expect(names.filter((name) => name.startsWith('files__read_file_'))).toHaveLength(2);
    // Order does not change which name a tool gets.
    const reversed = nameTools([...entries].reverse());
    for (const [name, entry] of named) expect(reversed.get(name)).toEqual(entry);
  });
});
