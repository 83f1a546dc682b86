import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../platform/logger.ts';
import { loadWorkflowBundle } from '../../worker/workflow-bundle.ts';

// The workflow bundle is cached on disk (worker/workflow-bundle.ts): a start reads it instead of
// running webpack. The one thing it must never do is run an old bundle after a workflow, or a
// module a workflow imports, changed. Real webpack, real files; the folder sits inside the
// project (ignored by git) so the workflows resolve @temporalio/workflow from its node_modules.
// Not under .cache/, which CI links to a per-user folder (webpack resolves from the real path),
// nor under node_modules/, whose TypeScript the SDK's bundler does not compile.
const root = join(import.meta.dirname, '..', '.work');
mkdirSync(root, { recursive: true });
const dir = mkdtempSync(join(root, 'workflow-bundle-'));
const cacheDir = join(dir, 'cache');
const workflowsPath = join(dir, 'workflows.ts');
const helperPath = join(dir, 'greeting.ts');
const logger = createLogger('silent');

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes a file dated a minute back: a file changed during a build is never cached, and these are written just before one. */
function write(path: string, text: string): void {
  writeFileSync(path, text);
  const past = new Date(Date.now() - 60_000);
  utimesSync(path, past, past);
}

const load = () => loadWorkflowBundle({ logger, workflowsPath, cacheDir });

describe('the cached workflow bundle', () => {
  it('is reused while its inputs are unchanged and rebuilt when a workflow or an imported module changes', async () => {
    write(helperPath, "export const GREETING = 'greeting-one';\n");
    write(workflowsPath, "import { GREETING } from './greeting.ts';\nexport async function greet(): Promise<string> { return `${GREETING} workflow-one`; }\n");

    const first = await load();
    expect(first.cached).toBe(false);
    expect(first.code).toContain('greeting-one');
    expect(first.code).toContain('workflow-one');

    const second = await load();
    expect(second.cached).toBe(true);
    expect(second.code).toBe(first.code);

    // The workflow file itself changes.
    write(workflowsPath, "import { GREETING } from './greeting.ts';\nexport async function greet(): Promise<string> { return `${GREETING} workflow-two`; }\n");
    const third = await load();
    expect(third.cached).toBe(false);
    expect(third.code).toContain('workflow-two');
    expect(third.code).not.toContain('workflow-one');
    expect((await load()).cached).toBe(true);

    // Only a module the workflow imports changes.
    write(helperPath, "export const GREETING = 'greeting-two';\n");
    const fourth = await load();
    expect(fourth.cached).toBe(false);
    expect(fourth.code).toContain('greeting-two');
    expect(fourth.code).not.toContain('greeting-one');
  });

  it('is not cached when an input is modified during the build', async () => {
    const path = join(dir, 'fresh.ts');
    // Dated now: as if saved while webpack ran.
    writeFileSync(path, "export async function fresh(): Promise<string> { return 'fresh-one'; }\n");
    const options = { logger, workflowsPath: path, cacheDir };
    const first = await loadWorkflowBundle(options);
    expect(first.code).toContain('fresh-one');
    expect(first.cached).toBe(false);
    expect((await loadWorkflowBundle(options)).cached).toBe(false);
  });
});
