import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Conventions that live in a test rather than in prose (STYLE.md rules 3 and 16).
const root = process.cwd();

function files(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    return statSync(join(root, path)).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

const importsOf = (source: string) => [...source.matchAll(/^\s*(import|export)\s[^;]*?from\s+'([^']+)'/gms)].map((m) => ({ typeOnly: /^\s*(import|export)\s+type\s/.test(m[0]), target: m[2] }));

describe('conventions', () => {
  it('keeps workflows deterministic: only @temporalio/workflow, activity types and contracts', () => {
    const offenders: string[] = [];
    for (const file of files('workflows')) {
      for (const { typeOnly, target } of importsOf(readFileSync(join(root, file), 'utf8'))) {
        const allowed =
          target === '@temporalio/workflow' ||
          target.startsWith('../contracts/') ||
          (target.startsWith('./') && !target.includes('..')) ||
          (typeOnly && target.startsWith('../activities/'));
        if (!allowed) offenders.push(`${file} imports ${target}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('has no console calls in service code', () => {
    const service = ['api', 'workflows', 'activities', 'worker', 'db', 'search', 'mcp', 'lib', 'contracts'].flatMap(files);
    const offenders = service.filter((file) => /\bconsole\.(log|info|warn|error|debug)\(/.test(readFileSync(join(root, file), 'utf8')));
    expect(offenders.map((f) => relative(root, join(root, f)))).toEqual([]);
  });

  it('imports Node built-ins with the node: protocol', () => {
    const builtins = /from '(fs|path|os|crypto|http|https|net|url|util|child_process|events|stream|timers|zlib)(\/[a-z]+)?'/;
    const offenders = ['api', 'workflows', 'activities', 'worker', 'db', 'search', 'mcp', 'lib', 'cli', 'contracts']
      .flatMap(files)
      .filter((file) => builtins.test(readFileSync(join(root, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
