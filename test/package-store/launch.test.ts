import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageLaunchOf } from '../../package-store/index.ts';

const catalog = JSON.parse(readFileSync(path.join(import.meta.dirname, '../../catalog/servers.json'), 'utf8')) as {
  servers: Array<{ name: string; launch: { type: string; command: string; args: string[]; package: { registry: 'npm' | 'pypi'; name: string; version: string } } }>;
};

// Issue 35 items 1 and 7: what the store installs and runs comes from the entry's pinned
// package, never from whatever its argv might say.
describe('packageLaunchOf', () => {
  it('reads every stdio launch of the bundled catalog', () => {
    const stdio = catalog.servers.filter((s) => s.launch.type === 'stdio');
    expect(stdio.length).toBe(300);
    for (const { launch } of stdio) expect(packageLaunchOf(launch).ref).toEqual(launch.package);
  });

  it.each([
    ['npx -y pkg@v extra', { command: 'npx', args: ['-y', 'time-mcp@1.0.6', '${WORKDIR}'] }, { bin: undefined, args: ['${WORKDIR}'] }],
    ['npx -y --package pkg@v bin extra', { command: 'npx', args: ['-y', '--package', 'time-mcp@1.0.6', 'time', 'run'] }, { bin: 'time', args: ['run'] }],
  ])('%s', (_, launch, expected) => {
    const parsed = packageLaunchOf({ ...launch, package: { registry: 'npm', name: 'time-mcp', version: '1.0.6' } });
    expect(parsed.bin).toBe(expected.bin);
    expect(parsed.args).toEqual(expected.args);
  });

  it.each([
    ['uvx pkg==v extra', { command: 'uvx', args: ['mcp-server-time==2026.10.19', 'stdio'] }, { bin: undefined, args: ['stdio'] }],
    ['uvx --from pkg==v bin extra', { command: 'uvx', args: ['--from', 'mcp-server-time==2026.10.19', 'mcp-time', '-v'] }, { bin: 'mcp-time', args: ['-v'] }],
  ])('%s', (_, launch, expected) => {
    const parsed = packageLaunchOf({ ...launch, package: { registry: 'pypi', name: 'mcp-server-time', version: '2026.10.19' } });
    expect(parsed.bin).toBe(expected.bin);
    expect(parsed.args).toEqual(expected.args);
  });

  const npm = { registry: 'npm' as const, name: 'time-mcp', version: '1.0.6' };
  it.each([
    ['a spec of another version', { command: 'npx', args: ['-y', 'time-mcp@2.0.0'], package: npm }],
    ['a spec of another package', { command: 'npx', args: ['-y', 'evil@1.0.6'], package: npm }],
    ['an npm option in place of the spec', { command: 'npx', args: ['-y', '--registry=http://evil.example', 'time-mcp@1.0.6'], package: npm }],
    ['no -y', { command: 'npx', args: ['time-mcp@1.0.6'], package: npm }],
    ['another command', { command: 'node', args: ['-y', 'time-mcp@1.0.6'], package: npm }],
    ['a PyPI launch of an npm package', { command: 'uvx', args: ['time-mcp==1.0.6'], package: npm }],
    ['a version range', { command: 'npx', args: ['-y', 'time-mcp@^1.0.0'], package: { ...npm, version: '^1.0.0' } }],
    ['a path as the name', { command: 'npx', args: ['-y', '../../etc@1.0.6'], package: { ...npm, name: '../../etc' } }],
    ['a path as the bin', { command: 'npx', args: ['-y', '--package', 'time-mcp@1.0.6', '../../bin/sh'], package: npm }],
    ['a NUL in an argument', { command: 'npx', args: ['-y', 'time-mcp@1.0.6', 'a\0b'], package: npm }],
    ['a PyPI version range', { command: 'uvx', args: ['mcp-server-time>=1'], package: { registry: 'pypi' as const, name: 'mcp-server-time', version: '>=1' } }],
  ])('refuses %s', (_, launch) => {
    expect(() => packageLaunchOf(launch)).toThrow();
  });
});
