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
// Pre-registration: the suite hands the client it registered at its AS (MCP_CONFORMANCE_CONTEXT); the operator sets it on the entry.
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}');
if (context.client_id) {
  const client = { client_id: context.client_id, ...(context.client_secret ? { client_secret: context.client_secret } : {}) };
  await step('pre-register', await fetch(`${service}/admin/mcp_registry/${name}/oauth_client`, { method: 'PUT', headers: admin, body: JSON.stringify(client) }));
}
// A person connects, and connects again when a call answers that the server wants more (step-up), three times at most.
for (let attempt = 1; ; attempt++) {
  const started = JSON.parse(await step('start', await fetch(`${service}/mcp_servers/${name}/connection`, { method: 'POST', headers: { authorization: user.authorization } })));
  await step('authorize', await fetch(started.authorization_url, { redirect: 'follow' }));
  const status = JSON.parse(await step('status', await fetch(`${service}/mcp_servers/${name}/connection`, { headers: user })));
  if (status.status !== 'connected') {
    process.stderr.write(`not connected: ${JSON.stringify(status)}\n`);
    process.exit(1);
  }
  const call = await fetch(`${service}/v1/execute_tool`, { method: 'POST', headers: user, body: JSON.stringify({ tool_name: `${name}/test-tool`, params: {} }) });
  const text = await call.text();
  if (attempt < 3 && !call.ok && text.includes('CREDENTIALS_REQUIRED')) {
    process.stdout.write(`call: reconnect asked (${call.status})\n`);
    continue;
  }
  await step('call', new Response(text, { status: call.status }));
  break;
}
