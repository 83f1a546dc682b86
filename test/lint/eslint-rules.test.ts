import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

// The folder rules of the READMEs live in eslint.config.js; `npm test` runs `eslint .` before
// vitest. These probes prove each rule reports what it is meant to (a config typo would
// otherwise pass silently). Most probes are linted as text under a path that does not exist,
// so the shared tree never holds a wrong file; the cycle needs two real files, which live in
// test/.work/ (ignored by git, by tsc's dotted-folder rule and by `eslint .`).
const root = process.cwd();
const cycleDir = join(root, 'test', '.work', `lint-cycle-${process.pid}`);
const PROBES = ['api/services/lint-probe.ts', 'search/lint-probe.ts', 'db/lint-probe.ts', 'platform/lint-probe.ts', 'workflows/lint-probe.ts', 'domain/lint-probe.ts'];

const eslint = new ESLint({
  cwd: root,
  // The probes exist only as text; the project service must still type them (floating promises).
  overrideConfig: {
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: { allowDefaultProject: [...PROBES, `test/.work/lint-cycle-${process.pid}/*.ts`] } } },
  },
  // test/.work/ is in the config's ignores; the cycle probe is linted there on purpose.
  ignore: false,
});

async function lint(path: string, code: string): Promise<Array<{ rule: string | null; line: number }>> {
  const [result] = await eslint.lintText(code, { filePath: join(root, path) });
  return (result?.messages ?? []).map((m) => ({ rule: m.ruleId, line: m.line }));
}

afterAll(() => rmSync(cycleDir, { recursive: true, force: true }));

describe('eslint.config.js', { timeout: 240_000 }, () => {
  it('keeps api/services away from activities/ and workflows/, routes and plugins', async () => {
    const messages = await lint(
      'api/services/lint-probe.ts',
      [
        "import { createActivities } from '../../activities/index.ts';",
        "import type { WORKFLOWS } from '../../workflows/index.ts';",
        "import { healthRoutes } from '../routes/health.ts';",
        "import { authPlugin } from '../plugins/auth.ts';",
        'export const probe = [createActivities, healthRoutes, authPlugin];',
        'export type Probe = typeof WORKFLOWS;',
      ].join('\n'),
    );
    expect(messages).toEqual([1, 2, 3, 4].map((line) => ({ rule: 'import-x/no-restricted-paths', line })));
  });

  it('keeps drizzle values in db/: types may cross, query builders may not', async () => {
    const code = [
      "import { eq } from 'drizzle-orm';",
      "import { pgTable } from 'drizzle-orm/pg-core';",
      "import type { SQL } from 'drizzle-orm';",
      'export const probe = [eq, pgTable];',
      'export type Probe = SQL;',
    ].join('\n');
    expect(await lint('platform/lint-probe.ts', code)).toEqual([1, 2].map((line) => ({ rule: '@typescript-eslint/no-restricted-imports', line })));
    expect(await lint('db/lint-probe.ts', code)).toEqual([]);
  });

  it('keeps search/ and db/ apart, and db/ away from platform/ (the old folder cycles)', async () => {
    expect(await lint('search/lint-probe.ts', "import type { Database } from '../db/client.ts';\nexport type Probe = Database;\n")).toEqual([{ rule: 'import-x/no-restricted-paths', line: 1 }]);
    expect(await lint('db/lint-probe.ts', "import type { Logger } from '../platform/logger.ts';\nexport type Probe = Logger;\n")).toEqual([{ rule: 'import-x/no-restricted-paths', line: 1 }]);
    expect(await lint('db/lint-probe.ts', "import type { ToolDocument } from '../search/types.ts';\nexport type Probe = ToolDocument;\n")).toEqual([{ rule: 'import-x/no-restricted-paths', line: 1 }]);
  });

  it("keeps workflows inside Temporal's sandbox: activity types yes, activity code and node: no", async () => {
    const messages = await lint(
      'workflows/lint-probe.ts',
      [
        "import type { createActivities } from '../activities/index.ts';",
        "import { createActivities as real } from '../activities/index.ts';",
        "import { randomUUID } from 'node:crypto';",
        "import { proxyActivities } from '@temporalio/workflow';",
        'export const probe = [real, randomUUID, proxyActivities];',
        'export type Probe = typeof createActivities;',
      ].join('\n'),
    );
    expect(messages).toEqual([
      { rule: '@typescript-eslint/no-restricted-imports', line: 2 },
      { rule: '@typescript-eslint/no-restricted-imports', line: 3 },
    ]);
  });

  it('reports a floating promise, a value import used as a type, a built-in without node: and console', async () => {
    const messages = await lint(
      'platform/lint-probe.ts',
      [
        "import { readFileSync } from 'fs';",
        "import { Database } from '../db/client.ts';",
        'async function later(): Promise<number> { return 1; }',
        'export function probe(db: Database): string {',
        '  later();',
        "  console.log('service code logs through pino');",
        "  return readFileSync('/dev/null', 'utf8') + String(db);",
        '}',
      ].join('\n'),
    );
    expect(messages).toEqual([
      { rule: 'no-restricted-imports', line: 1 },
      { rule: '@typescript-eslint/consistent-type-imports', line: 2 },
      { rule: '@typescript-eslint/no-floating-promises', line: 5 },
      { rule: 'no-console', line: 6 },
    ]);
  });

  it('reports a line over 180 columns, and lets a long string run on', async () => {
    const names = Array.from({ length: 30 }, (_, i) => `field${i}`);
    const messages = await lint(
      'platform/lint-probe.ts',
      [
        `export const wide = { ${names.map((n) => `${n}: 1`).join(', ')} };`,
        `export const message = '${'a long sentence that reads better whole '.repeat(6)}';`,
      ].join('\n'),
    );
    expect(messages).toEqual([{ rule: 'max-len', line: 1 }]);
  });

  it('reports an import cycle between two files of the service, with the options the config gives it', async () => {
    // The rule follows imports on disk, so the two files must exist; they live in test/.work/,
    // outside the service folders the rule is configured for, so they are linted with the
    // options the config gives a service file.
    const serviceConfig = (await eslint.calculateConfigForFile(join(root, 'api/services/lint-probe.ts'))) as { rules: Record<string, unknown> };
    const options = serviceConfig.rules['import-x/no-cycle'];
    expect(options).toEqual([2, expect.objectContaining({ ignoreExternal: true })]);
    mkdirSync(cycleDir, { recursive: true });
    writeFileSync(join(cycleDir, 'a.ts'), "import { b } from './b.ts';\nexport const a = (): number => b() + 1;\n");
    writeFileSync(join(cycleDir, 'b.ts'), "import { a } from './a.ts';\nexport const b = (): number => (a.length > 1 ? 1 : 0);\n");
    const cycles = new ESLint({ cwd: root, ignore: false, overrideConfig: { files: [`test/.work/lint-cycle-${process.pid}/*.ts`], rules: { 'import-x/no-cycle': options as ['error'] } } });
    const [result] = await cycles.lintFiles([join(cycleDir, 'a.ts')]);
    expect(result?.messages.map((m) => m.ruleId)).toEqual(['import-x/no-cycle']);
  });

  it('passes a file that follows every rule', async () => {
    const messages = await lint(
      'domain/lint-probe.ts',
      [
        "import { createHash } from 'node:crypto';",
        "import type { LaunchConfig } from '../mcp/index.ts';",
        "import { stableUuid } from './stable-id.ts';",
        'async function digest(text: string): Promise<string> { return createHash("sha1").update(text).digest("hex"); }',
        'export async function probe(launch: LaunchConfig): Promise<string> {',
        '  return stableUuid(await digest(launch.type));',
        '}',
      ].join('\n'),
    );
    expect(messages).toEqual([]);
  });
});
