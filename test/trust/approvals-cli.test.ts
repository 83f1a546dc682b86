import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshHome, runCli } from '../cli/helpers/run-cli.ts';
import { startListeningService } from '../cli/helpers/service.ts';
import type { TestApp } from '../support/test-app.ts';
import { addRiskyServer, RISKY_SERVER, riskyTools } from './helpers/approvals.ts';
import { startMutableServer } from './helpers/mutable-server.ts';

// `switchboard approvals list|show|approve|deny|policy` (issue 37, item 3): the real binary as
// a child process against the service on a port.
let t: TestApp;
let home: string;
let env: Record<string, string>;
let owner: Awaited<ReturnType<TestApp['createUser']>>;
let upstream: Awaited<ReturnType<typeof startMutableServer>>;

beforeAll(async () => {
  let url: string;
  ({ t, url } = await startListeningService({ ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' }));
  owner = await t.createUser({ plan: 'pro' });
  upstream = await startMutableServer(riskyTools());
  await addRiskyServer(t, upstream.mcpUrl, [owner.headers]);
  home = await freshHome();
  env = { HOME: home, XDG_CONFIG_HOME: join(home, 'config'), SWITCHBOARD_URL: url, SWITCHBOARD_API_KEY: owner.apiKey };
}, 180_000);
afterAll(async () => {
  await upstream?.close();
  await t?.close();
  if (home) await rm(home, { recursive: true, force: true });
});

describe('switchboard approvals', () => {
  it('lists a waiting call with its arguments, shows it, denies it once', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/execute_tool', headers: owner.headers, payload: { tool_name: `${RISKY_SERVER}/wipe_records`, params: { a: 11, b: 12 } } });
    const { approval_id } = res.json().error.details as { approval_id: string };

    const listed = await runCli(['approvals', 'list'], env);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain(approval_id);
    expect(listed.stdout).toContain(`${RISKY_SERVER}/wipe_records`);
    expect(listed.stdout).toContain('{"a":11,"b":12}');

    const shown = await runCli(['approvals', 'show', approval_id], env);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain(`${RISKY_SERVER}/wipe_records: pending (the tool says it is destructive (destructiveHint))`);

    const denied = await runCli(['approvals', 'deny', approval_id], env);
    expect(denied.code, denied.stderr).toBe(0);
    expect(denied.stdout.trim()).toBe(`${RISKY_SERVER}/wipe_records: denied`);
    const again = await runCli(['approvals', 'approve', approval_id], env);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain('CONFLICT');
    expect((await runCli(['approvals', 'list'], env)).stdout.trim()).toBe('No approvals.');
    expect(upstream.state.calls).toEqual([]);
  });

  it('sets and lists call policies, and refuses a decision it does not know', async () => {
    const set = await runCli(['approvals', 'policy', RISKY_SERVER, 'deny', 'add_numbers'], env);
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toMatch(/risky-http\s+add_numbers\s+deny/);
    const listed = await runCli(['approvals', 'policy', '--json'], env);
    expect(JSON.parse(listed.stdout).policies).toEqual([expect.objectContaining({ server: RISKY_SERVER, tool: 'add_numbers', decision: 'deny' })]);
    const bad = await runCli(['approvals', 'policy', RISKY_SERVER, 'sometimes'], env);
    expect(bad.code).not.toBe(0);
  });
});
