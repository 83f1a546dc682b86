import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { api } from '../../api/client.ts';
import { Page } from '../../ui/page.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import type { Column } from '../../ui/data-table.tsx';
import { QueryView } from '../../ui/states.tsx';
import { ActionError } from './action-error.tsx';
import type { UserServer, UserServerList } from './types.ts';

const PAGE = 50;
// Each row is a ServerRow (its cells carry their phone labels).
const serverColumns: Column<UserServer>[] = [{ header: 'Server' }, { header: 'Category' }, { header: 'Tools' }, { header: 'For you' }];
export const serversKey = ['mcp-servers'] as const;

/** Flips one server on or off for the person (POST /mcp_servers/toggle) and refreshes the list. */
export function useToggleServer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { server: string; enabled: boolean }) => api.post('/mcp_servers/toggle', { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: serversKey }),
  });
}

/**
 * The registry as this person sees it (GET /mcp_servers: every server with its category and
 * whether it is enabled for them), filtered here by words and category: one request, then no
 * more while typing. Verification and ratings are on each server's page (one server, two calls).
 */
export function ServersPage() {
  const servers = useQuery({ queryKey: serversKey, queryFn: () => api.get('/mcp_servers') });
  const [text, setText] = useState('');
  const [category, setCategory] = useState('');
  const [shown, setShown] = useState(PAGE);
  return (
    <Page title="Servers">
      <QueryView query={servers} isEmpty={(data) => data.servers.length === 0} empty="The registry has no servers yet.">
        {(data) => (
          <ServerTable data={data} text={text} setText={setText} category={category} setCategory={setCategory} shown={shown} setShown={setShown} />
        )}
      </QueryView>
    </Page>
  );
}

function ServerTable(props: {
  data: UserServerList;
  text: string;
  setText: (value: string) => void;
  category: string;
  setCategory: (value: string) => void;
  shown: number;
  setShown: (value: number) => void;
}) {
  const { data, text, category, shown } = props;
  const categories = useMemo(() => [...new Set(data.servers.map((s) => s.category))].sort(), [data]);
  const words = text.trim().toLowerCase();
  const matching = data.servers.filter(
    (s) => (!category || s.category === category) && (!words || `${s.name} ${s.display_name} ${s.description}`.toLowerCase().includes(words)),
  );
  const toggle = useToggleServer();
  return (
    <>
      <p className="hint">
        {data.total} servers, {data.enabled_count} enabled for you. Enabled servers' tools are the ones you can run and find first.
      </p>
      <form className="inline-form" role="search" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor="server-filter">Filter</label>
        <input id="server-filter" type="search" value={text} placeholder="name or description" onChange={(event) => props.setText(event.target.value)} />
        <label htmlFor="server-category">Category</label>
        <select id="server-category" value={category} onChange={(event) => props.setCategory(event.target.value)}>
          <option value="">All categories</option>
          {categories.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </form>
      {toggle.isError && <ActionError error={toggle.error} />}
      {matching.length === 0 ? (
        <p className="state state-empty">No server matches these filters.</p>
      ) : (
        <DataTable
          className="stack-on-phone"
          caption="Servers"
          columns={serverColumns}
          rows={matching.slice(0, shown)}
          renderRow={(server) => (
            <ServerRow
              key={server.name}
              server={server}
              busy={toggle.isPending && toggle.variables?.server === server.name}
              onToggle={(enabled) => toggle.mutate({ server: server.name, enabled })}
            />
          )}
        />
      )}
      {matching.length > shown && (
        <div className="pager">
          <span>
            Showing {shown} of {matching.length}
          </span>
          <button type="button" className="secondary" onClick={() => props.setShown(shown + PAGE)}>
            Show more
          </button>
        </div>
      )}
    </>
  );
}

function ServerRow({ server, busy, onToggle }: { server: UserServer; busy: boolean; onToggle: (enabled: boolean) => void }) {
  return (
    <tr>
      <td data-label="Server">
        <Link href={`/servers/${encodeURIComponent(server.name)}`}>{server.display_name || server.name}</Link>
        <div className="hint">{server.description}</div>
      </td>
      <td data-label="Category">
        <span className="badge">{server.category}</span>
      </td>
      <td data-label="Tools">{server.tools_count}</td>
      <td data-label="For you">
        <button
          type="button"
          className={server.enabled ? 'secondary' : ''}
          aria-pressed={server.enabled}
          aria-label={`${server.enabled ? 'Disable' : 'Enable'} ${server.display_name || server.name}`}
          disabled={busy}
          onClick={() => onToggle(!server.enabled)}
        >
          {server.enabled ? 'Disable' : 'Enable'}
        </button>
        {server.enabled && <span className="badge ok">enabled</span>}
      </td>
    </tr>
  );
}
