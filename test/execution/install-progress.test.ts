import type { AddressInfo } from 'node:net';
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertSyncedEntries } from '../../db/registry/sync.ts';
import { connect, textOf } from '../mcp-face/helpers.ts';
import { bundleHostileServer, publishBundledServer } from '../sandbox/hostile.ts';
import { startNpmRegistryStub } from '../support/npm-registry-stub.ts';
import type { NpmRegistryStub } from '../support/npm-registry-stub.ts';
import type { TestApp } from '../support/test-app.ts';
import { createExecutionApp } from './helpers/setup.ts';

const PACKAGE = 'sb-slow-install-server';

// Issue 35 item 1: the first call of a never-installed server waits for its install, with
// progress on MCP. The package (a small stdio server with an `echo` tool: the sandbox tests'
// fixture, packed) comes from a registry mirror that takes its time to send the tarball.
describe('a first call over MCP reports its install as progress', { timeout: 180_000 }, () => {
  let t: TestApp;
  let registry: NpmRegistryStub;
  let bundle: Awaited<ReturnType<typeof bundleHostileServer>>;

  beforeAll(async () => {
    bundle = await bundleHostileServer();
    const published = await publishBundledServer(bundle, PACKAGE);
    registry = await startNpmRegistryStub([
      { name: PACKAGE, version: '1.0.0', fields: { bin: { [PACKAGE]: 'server.mjs' } }, published: published.tarball, beforeTarball: () => new Promise((r) => setTimeout(r, 1_500)) },
    ]);
    t = await createExecutionApp({ NPM_REGISTRY_URL: registry.url });
    await upsertSyncedEntries(t.db, [published.entry('slow-install', ['echo'])]);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await registry?.close();
    bundle?.cleanup();
  });

  it('sends the install steps as growing progress, then the answer', async () => {
    const user = await t.createUser({ plan: 'pro' });
    const client = await connect(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/mcp`, user.apiKey);
    try {
      const seen: Progress[] = [];
      const result = await client.callTool(
        { name: 'execute_tool', arguments: { tool_name: 'slow-install/echo', params: { text: 'installed and called' } } },
        undefined,
        { onprogress: (p) => seen.push(p), timeout: 120_000 },
      );
      expect(result.isError, textOf(result)).toBeFalsy();
      expect(textOf(result)).toContain('installed and called');
      // Each step of the install, named, the last of them its end: a burst of steps is not lost to the write interval.
      const steps = seen.map((p) => p.message ?? '');
      expect(steps.filter((step) => step.includes(`${PACKAGE}@1.0.0`)).length, JSON.stringify(seen)).toBeGreaterThanOrEqual(2);
      expect(steps.some((step) => step.startsWith(`installed ${PACKAGE}@1.0.0 in`)), JSON.stringify(seen)).toBe(true);
      const values = seen.map((p) => p.progress);
      for (let i = 1; i < values.length; i++) expect(values[i]!, JSON.stringify(seen)).toBeGreaterThan(values[i - 1]!);
      expect(registry.tarballRequests.get(PACKAGE)).toBe(1);
    } finally {
      await client.close();
    }
  });
});
