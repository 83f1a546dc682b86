import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpSessionPool, REFERENCE_SERVER_NAMES, referenceServers } from '../../mcp/index.ts';
import { captureLogger } from './helpers/capture-logger.ts';

describe('reference servers', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sb-ref-'));
  const launches = referenceServers(dataDir);
  const pool = new McpSessionPool(captureLogger().logger);

  beforeAll(() => {
    for (const name of REFERENCE_SERVER_NAMES) pool.register(name, launches[name]);
  });
  afterAll(async () => {
    await pool.close();
  });

  it('launches each package bin with our own node, no npx', () => {
    for (const name of REFERENCE_SERVER_NAMES) {
      expect(launches[name].command).toBe(process.execPath);
      expect(existsSync(launches[name].args[0] as string)).toBe(true);
    }
    expect(launches.everything.args[1]).toBe('stdio');
    expect(statSync(join(dataDir, 'filesystem')).isDirectory()).toBe(true);
  });

  it.each(REFERENCE_SERVER_NAMES)('%s lists its tools', { timeout: 20_000 }, async (name) => {
    const tools = await pool.listTools(name);
    expect(tools.length).toBeGreaterThan(0);
    for (const tool of tools) expect(tool.inputSchema.type).toBe('object');
  });

  it('filesystem is confined to <dataDir>/filesystem', { timeout: 20_000 }, async () => {
    const allowed = await pool.callTool('filesystem', 'list_allowed_directories', {}, { timeoutMs: 10_000 });
    expect(JSON.stringify(allowed.content)).toContain(join(dataDir, 'filesystem'));
    const written = await pool.callTool('filesystem', 'write_file', { path: join(dataDir, 'filesystem', 'a.txt'), content: 'hi' }, { timeoutMs: 10_000 });
    expect(written.ok).toBe(true);
    expect(readFileSync(join(dataDir, 'filesystem', 'a.txt'), 'utf8')).toBe('hi');
    const escape = await pool.callTool('filesystem', 'read_text_file', { path: '/etc/hostname' }, { timeoutMs: 10_000 });
    expect(escape).toMatchObject({ ok: false, isError: true });
  });

  it('memory keeps its graph in its folder, <dataDir>/memory/memory.jsonl', { timeout: 20_000 }, async () => {
    const created = await pool.callTool(
      'memory',
      'create_entities',
      { entities: [{ name: 'Switchboard', entityType: 'project', observations: ['routes tool calls'] }] },
      { timeoutMs: 10_000 },
    );
    expect(created.ok).toBe(true);
    expect(readFileSync(join(dataDir, 'memory', 'memory.jsonl'), 'utf8')).toContain('Switchboard');
  });

  it('sequential-thinking answers its one tool', { timeout: 20_000 }, async () => {
    const result = await pool.callTool(
      'sequential-thinking',
      'sequentialthinking',
      { thought: 'first', nextThoughtNeeded: false, thoughtNumber: 1, totalThoughts: 1 },
      { timeoutMs: 10_000 },
    );
    expect(result.ok).toBe(true);
  });
});
