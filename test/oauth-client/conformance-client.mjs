// The "client under test" the MCP conformance suite runs for its client authorization
// scenarios (conformance-client.test.ts): not an MCP client of its own, but a person driving
// Switchboard's upstream OAuth client. The suite appends its server's URL; this registers it as
// an admin entry, starts the user's connection (discovery, registration, PKCE + resource),
// follows the authorization URL to our callback (the suite's AS approves at once), and runs the
// suite server's tool through Switchboard, which calls it with the user's token.
import { randomBytes } from 'node:crypto';

const serverUrl = process.argv[process.argv.length - 1];
const service = process.env.SB_URL;
const admin = { 'x-admin-key': process.env.SB_ADMIN_KEY ?? '', 'content-type': 'application/json' };
const user = { authorization: `Bearer ${process.env.SB_USER_KEY ?? ''}`, 'content-type': 'application/json' };
const name = `conformance-${randomBytes(4).toString('hex')}`;

async function step(what, response) {
  const text = await response.text();
  if (!response.ok) {
    process.stderr.write(`${what}: HTTP ${response.status} ${text}\n`);
    process.exit(1);
  }
  process.stdout.write(`${what}: ok\n`);
  return text;
}

const entry = { name, display_name: name, description: 'a conformance scenario server', url: 'https://example.com', icon: 'cloud', category: 'custom' };
await step('register', await fetch(`${service}/admin/mcp_registry`, { method: 'POST', headers: admin, body: JSON.stringify({ ...entry, launch: { type: 'streamable-http', url: serverUrl } }) }));
const started = JSON.parse(await step('start', await fetch(`${service}/mcp_servers/${name}/connection`, { method: 'POST', headers: { authorization: user.authorization } })));
await step('authorize', await fetch(started.authorization_url, { redirect: 'follow' }));
const status = JSON.parse(await step('status', await fetch(`${service}/mcp_servers/${name}/connection`, { headers: user })));
if (status.status !== 'connected') {
  process.stderr.write(`not connected: ${JSON.stringify(status)}\n`);
  process.exit(1);
}
await step('call', await fetch(`${service}/v1/execute_tool`, { method: 'POST', headers: user, body: JSON.stringify({ tool_name: `${name}/test-tool`, params: {} }) }));
