import { expect } from 'vitest';
import { registerSearchAttributes } from '../execution/helpers/setup.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { OAuthStandIn } from './stand-in.ts';

/** Adds an admin registry entry for a remote server at `url` (the stand-in's, by default), as an operator would. */
export async function addRemote(t: TestApp, name: string, url: string, launch: Record<string, unknown> = { type: 'streamable-http', url }) {
  const created = await t.app.inject({
    method: 'POST',
    url: '/admin/mcp_registry',
    headers: t.adminHeaders,
    payload: { name, display_name: name, description: 'a remote server behind OAuth', url: 'https://example.com', icon: 'cloud', category: 'custom', launch },
  });
  expect(created.statusCode, created.body).toBe(201);
}

/**
 * What every outbound-OAuth test starts from: the stand-in remote server with its AS, the whole
 * service with a worker (its search attributes registered) and the stand-in as the entry `remote`.
 * `close` ends both.
 */
export async function remoteOAuthSetup(options: Parameters<typeof createTestApp>[0] = {}) {
  const standIn = new OAuthStandIn();
  await standIn.start();
  const t = await createTestApp(options);
  await registerSearchAttributes(t.temporal.client, t.temporal.namespace);
  await addRemote(t, 'remote', standIn.mcpUrl);
  return {
    standIn,
    t,
    close: async () => {
      await t.close();
      await standIn.stop();
    },
  };
}
