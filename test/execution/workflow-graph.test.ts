import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

/**
 * What evaluating `file` evaluates: the files and packages reached through static imports and
 * re-exports that survive compilation (`import type`, and imports of types only, are erased;
 * `import()` runs only when called). Paths relative to the repository.
 */
function staticGraph(file: string): Set<string> {
  const reached = new Set<string>();
  const visit = (path: string) => {
    const name = relative(root, path);
    if (reached.has(name)) return;
    reached.add(name);
    const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.ES2022);
    for (const statement of source.statements) {
      let specifier: ts.Expression | undefined;
      if (ts.isImportDeclaration(statement)) {
        const clause = statement.importClause;
        const named = clause?.namedBindings;
        const onlyTypeNames = !clause?.name && named && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
        const typesOnly = clause && (clause.isTypeOnly || onlyTypeNames);
        if (!typesOnly) specifier = statement.moduleSpecifier;
      } else if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) {
        specifier = statement.moduleSpecifier;
      }
      if (!specifier || !ts.isStringLiteral(specifier)) continue;
      if (specifier.text.startsWith('.')) visit(resolve(dirname(path), specifier.text));
      else reached.add(specifier.text);
    }
  };
  visit(resolve(root, file));
  return reached;
}

// Temporal evaluates a run's workflow modules again for every run: zod and the schemas in them
// doubled what a direct run cost over a bare workflow (decisions.md, "Overhead per run").
describe('the modules a tool run evaluates', () => {
  it('are the entry, the tool run, its approval wait, the health check and the zod-free run contract', () => {
    expect([...staticGraph('workflows/index.ts')].sort()).toEqual([
      '@temporalio/workflow',
      'contracts/run.ts',
      'workflows/approval-wait.ts',
      'workflows/health-check.ts',
      'workflows/index.ts',
      'workflows/tool-execution.ts',
    ]);
  });

  it('would show zod where a workflow imports the schemas', () => {
    // The agent run parses model turns with zod: it is imported only when an agent run starts.
    const agent = staticGraph('workflows/agent-run.ts');
    expect(agent.has('zod')).toBe(true);
    expect(agent.has('contracts/index.ts')).toBe(true);
  });
});
