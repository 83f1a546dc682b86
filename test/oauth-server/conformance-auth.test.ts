import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { node24 } from '../first-run/node-lines.ts';

const CLI = fileURLToPath(new URL('../../node_modules/@modelcontextprotocol/conformance/dist/index.js', import.meta.url));

const list = async (side: '--server' | '--client') => {
  const node = await node24();
  return new Promise<string>((resolve, reject) =>
    execFile(node.binary, [CLI, 'list', side], { timeout: 60_000 }, (error, stdout) => (error ? reject(error) : resolve(stdout))),
  );
};

// Issue 36, "Done when": the conformance suite's authorization scenarios that apply to a server.
// In @modelcontextprotocol/conformance 0.1.16 every authorization scenario (auth/*) tests a
// *client* against the suite's own authorization server; none tests a server's. The server
// scenarios run in test/mcp-face/conformance.test.ts. This fails the day the suite adds a server
// authorization scenario, so that it is run against /mcp then rather than silently missed.
describe('MCP conformance: authorization scenarios', { timeout: 120_000 }, () => {
  it('offers none for a server; its authorization scenarios are all for clients', async () => {
    const server = await list('--server');
    expect(server).toContain('server-initialize');
    expect(server).not.toMatch(/auth|oauth/i);
    const client = await list('--client');
    expect(client).toMatch(/- auth\/basic-cimd/);
    expect(client).toMatch(/- auth\/token-endpoint-auth-/);
  });
});
