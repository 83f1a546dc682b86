import { z } from 'zod';
import { packEndpointPath } from './endpoints.ts';

/** The environment variable every snippet reads the API key from: we never know (or show) the key itself. */
export const KEY_VARIABLE = 'SWITCHBOARD_API_KEY';

const snippet = z.object({ file: z.string().optional(), config: z.record(z.string(), z.unknown()).optional(), command: z.string().optional() });

/** GET /custom-packs/packs/{id}/install: the spec's three fields, then the MCP endpoint and one snippet per client. */
export const packInstallResponse = z.object({
  pack_id: z.string(),
  command: z.string(),
  install_steps: z.array(z.string()),
  mcp_url: z.string(),
  server_name: z.string(),
  clients: z.object({ claude_code: snippet, cursor: snippet, vscode: snippet, claude_desktop: snippet }),
});

/** The name clients list the pack under: `switchboard-<pack name as a slug>`. */
function serverNameOf(packName: string): string {
  const slug = packName.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40).replace(/-+$/, '');
  return `switchboard-${slug || 'pack'}`;
}

/**
 * Exact configuration for the common MCP clients (docs/decisions.md, "Packs as MCP endpoints"):
 * each points at the pack's own endpoint, whose tools are the pack's servers' tools, flat.
 * Each client's own way of reading a secret from outside the file is used where it has one.
 */
export function renderInstall(pack: { id: string; name: string; servers: string[] }, baseUrl: string): z.infer<typeof packInstallResponse> {
  const url = `${baseUrl}${packEndpointPath(pack.id)}`;
  const name = serverNameOf(pack.name);
  const command = `claude mcp add --transport http ${name} ${url} --header "Authorization: Bearer $${KEY_VARIABLE}"`;
  return {
    pack_id: pack.id,
    command,
    install_steps: [
      `Create an API key for your account (npm run cli -- keys create --user <user_id>) and export it: export ${KEY_VARIABLE}=<your key>`,
      `Claude Code: ${command}`,
      `Cursor: add clients.cursor.config to ~/.cursor/mcp.json; VS Code: add clients.vscode.config to .vscode/mcp.json (it asks for the key once); Claude Desktop: add clients.claude_desktop.config to claude_desktop_config.json with your key in its env`,
      `Any other MCP client: streamable HTTP at ${url} with the header "Authorization: Bearer <your key>"`,
      `The client then lists the pack's tools as <server>__<tool> (servers: ${pack.servers.join(', ') || 'none yet'}); every call runs through Switchboard.`,
    ],
    mcp_url: url,
    server_name: name,
    clients: {
      claude_code: { command, file: '.mcp.json', config: { mcpServers: { [name]: { type: 'http', url, headers: { Authorization: `Bearer \${${KEY_VARIABLE}}` } } } } },
      cursor: { file: '~/.cursor/mcp.json', config: { mcpServers: { [name]: { url, headers: { Authorization: `Bearer \${env:${KEY_VARIABLE}}` } } } } },
      vscode: {
        file: '.vscode/mcp.json',
        config: {
          inputs: [{ type: 'promptString', id: 'switchboard-api-key', description: 'Switchboard API key', password: true }],
          servers: { [name]: { type: 'http', url, headers: { Authorization: 'Bearer ${input:switchboard-api-key}' } } },
        },
      },
      // Claude Desktop's file starts local processes only: mcp-remote bridges to the HTTP endpoint.
      claude_desktop: {
        file: 'claude_desktop_config.json',
        config: {
          mcpServers: {
            [name]: { command: 'npx', args: ['-y', 'mcp-remote', url, '--header', 'Authorization:${SWITCHBOARD_AUTH_HEADER}'], env: { SWITCHBOARD_AUTH_HEADER: 'Bearer <your API key>' } },
          },
        },
      },
    },
  };
}
