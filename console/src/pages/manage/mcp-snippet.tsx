import { useState } from 'react';
import { CopyButton } from '../../ui/copy-button.tsx';
import type { PackInstall, Snippet } from './types.ts';

const CLIENTS: { id: keyof PackInstall['clients']; label: string }[] = [
  { id: 'claude_code', label: 'Claude Code' },
  { id: 'cursor', label: 'Cursor' },
  { id: 'vscode', label: 'VS Code' },
  { id: 'claude_desktop', label: 'Claude Desktop' },
];

/** The pack's MCP endpoint and each client's configuration, as the service renders them (GET /custom-packs/packs/{id}/install). */
export function InstallSnippets({ install }: { install: PackInstall }) {
  const [client, setClient] = useState<keyof PackInstall['clients']>('claude_code');
  const snippet = install.clients[client];
  return (
    <>
      <Endpoint url={install.mcp_url} />
      <div className="inline-form">
        <label htmlFor="mcp-client">Client</label>
        <select id="mcp-client" value={client} onChange={(event) => setClient(event.target.value as keyof PackInstall['clients'])}>
          {CLIENTS.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
      <SnippetView snippet={snippet} />
    </>
  );
}

/**
 * A curated pack has no install route (that one serves the caller's own packs): its endpoint is
 * the same /mcp/packs/{id}, shown here in the one form every streamable-HTTP client reads.
 */
export function GenericSnippet({ packId, name }: { packId: string; name: string }) {
  const url = `${window.location.origin}/mcp/packs/${encodeURIComponent(packId)}`;
  const server = `switchboard-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'pack'}`;
  const snippet: Snippet = {
    command: `claude mcp add --transport http ${server} ${url} --header "Authorization: Bearer $SWITCHBOARD_API_KEY"`,
    file: '.mcp.json',
    config: { mcpServers: { [server]: { type: 'http', url, headers: { Authorization: 'Bearer ${SWITCHBOARD_API_KEY}' } } } },
  };
  return (
    <>
      <Endpoint url={url} />
      <SnippetView snippet={snippet} />
    </>
  );
}

function Endpoint({ url }: { url: string }) {
  return (
    <p>
      MCP endpoint: <code data-testid="mcp-url">{url}</code> <CopyButton text={url} label="Copy URL" />
      <br />
      <span className="hint">Every client sends your API key as <code>Authorization: Bearer …</code>; the snippets read it from <code>SWITCHBOARD_API_KEY</code>.</span>
    </p>
  );
}

function SnippetView({ snippet }: { snippet: Snippet }) {
  const config = snippet.config ? JSON.stringify(snippet.config, null, 2) : undefined;
  return (
    <>
      {snippet.command && (
        <div className="snippet">
          <div className="snippet-head">
            <span>Command</span> <CopyButton text={snippet.command} label="Copy command" />
          </div>
          <pre>{snippet.command}</pre>
        </div>
      )}
      {config && (
        <div className="snippet">
          <div className="snippet-head">
            <span>{snippet.file ?? 'Configuration'}</span> <CopyButton text={config} label="Copy configuration" />
          </div>
          <pre data-testid="mcp-config">{config}</pre>
        </div>
      )}
    </>
  );
}
