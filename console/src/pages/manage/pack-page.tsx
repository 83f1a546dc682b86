import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { api } from '../../api/client.ts';
import { Page } from '../../ui/page.tsx';
import { QueryView } from '../../ui/states.tsx';
import { ActionError } from './action-error.tsx';
import { GenericSnippet, InstallSnippets } from './mcp-snippet.tsx';
import { limitsKey, ownPacksKey, useEnablePack } from './packs.tsx';
import { serversKey } from './servers.tsx';
import type { CustomPackDetail, PackSummary } from './types.ts';

/** One pack: its servers and tools, its MCP configuration; the person's own packs are edited here too. */
export function PackPage({ params }: { params: Record<string, string | undefined> }) {
  const id = params.id ?? '';
  const summary = useQuery({ queryKey: ['pack', id], queryFn: () => api.get('/packs/{pack_id}', { params: { pack_id: id } }) });
  const enable = useEnablePack();
  return (
    <Page
      title={summary.data?.name ?? 'Pack'}
      actions={
        summary.data &&
        (summary.data.enabled ? (
          <span className="badge ok">enabled for you</span>
        ) : (
          <button type="button" disabled={enable.isPending} onClick={() => enable.mutate(id)}>
            Enable pack
          </button>
        ))
      }
    >
      <p>
        <Link href="/packs">← All packs</Link>
      </p>
      {enable.isError && <ActionError error={enable.error} />}
      <QueryView query={summary}>{(pack) => (pack.kind === 'custom' ? <CustomPack id={pack.id} /> : <CuratedPack pack={pack} />)}</QueryView>
    </Page>
  );
}

function CuratedPack({ pack }: { pack: PackSummary }) {
  const servers = useQuery({ queryKey: ['pack-servers', pack.id], queryFn: () => api.get('/packs/{pack_id}/servers', { params: { pack_id: pack.id } }) });
  return (
    <>
      <p>{pack.description}</p>
      <p className="hint">A curated pack: its servers are chosen by Switchboard.</p>
      <h2>Servers</h2>
      <QueryView query={servers} isEmpty={(data) => data.servers.length === 0} empty="This pack has no servers.">
        {(data) => <ServerList servers={data.servers.map((s) => ({ key: s.name, name: s.name, label: s.display_name, tools: s.tools.length }))} />}
      </QueryView>
      <section className="card">
        <h2>Use it over MCP</h2>
        <GenericSnippet packId={pack.id} name={pack.name} />
      </section>
    </>
  );
}

function ServerList({ servers, onRemove, busy }: { servers: { key: string; name: string; label: string; tools: number }[]; onRemove?: (name: string) => void; busy?: string }) {
  return (
    <ul className="plain-list" aria-label="Servers in this pack">
      {servers.map((server) => (
        <li key={server.key} className="row-item">
          <span>
            <Link href={`/servers/${encodeURIComponent(server.name)}`}>{server.label || server.name}</Link> <span className="hint">{server.tools} tools</span>
          </span>
          {onRemove && (
            <button type="button" className="secondary danger" disabled={busy === server.name} onClick={() => onRemove(server.name)} aria-label={`Remove ${server.label || server.name}`}>
              Remove
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

function CustomPack({ id }: { id: string }) {
  const client = useQueryClient();
  const detail = useQuery({ queryKey: ['custom-pack', id], queryFn: () => api.get('/custom-packs/packs/{pack_id}', { params: { pack_id: id } }) });
  const install = useQuery({ queryKey: ['custom-pack-install', id], queryFn: () => api.get('/custom-packs/packs/{pack_id}/install', { params: { pack_id: id } }) });
  // The /custom-packs routes count against the plan's server-management rate limit (10 a
  // minute on free), reads included: after a change only what it changed is asked again.
  // The servers change the detail; a new name also the title and the snippets (named after it).
  const refresh = () => Promise.all([client.invalidateQueries({ queryKey: ['custom-pack', id] }), client.invalidateQueries({ queryKey: ownPacksKey })]);
  const renamed = () =>
    Promise.all([refresh(), client.invalidateQueries({ queryKey: ['custom-pack-install', id] }), client.invalidateQueries({ queryKey: ['pack', id] })]);
  const remove = useMutation({ mutationFn: (server: string) => api.delete('/custom-packs/packs/{pack_id}/servers/{server_name}', { params: { pack_id: id, server_name: server } }), onSuccess: refresh });
  return (
    <QueryView query={detail}>
      {(pack) => (
        <>
          <EditPack pack={pack} id={id} onSaved={renamed} />
          <h2>
            Servers ({pack.total_servers}, {pack.total_tools} tools)
          </h2>
          {pack.servers.length === 0 ? (
            <p className="state state-empty">No servers yet: add one below.</p>
          ) : (
            <ServerList
              servers={pack.servers.map((s) => ({ key: s.id, name: s.name, label: s.display_name, tools: s.tools_count }))}
              onRemove={(name) => remove.mutate(name)}
              busy={remove.isPending ? remove.variables : undefined}
            />
          )}
          {remove.isError && <ActionError error={remove.error} />}
          <AddServer id={id} present={pack.servers.map((s) => s.name)} onAdded={refresh} />
          <section className="card">
            <h2>Use it over MCP</h2>
            <QueryView query={install}>{(data) => <InstallSnippets install={data} />}</QueryView>
          </section>
          <DeletePack id={id} />
        </>
      )}
    </QueryView>
  );
}

function EditPack({ pack, id, onSaved }: { pack: CustomPackDetail; id: string; onSaved: () => Promise<unknown> }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(pack.name);
  const [description, setDescription] = useState(pack.description);
  const save = useMutation({
    mutationFn: () => api.patch('/custom-packs/packs/{pack_id}', { params: { pack_id: id }, body: { name: name.trim(), description: description.trim() } }),
    onSuccess: async () => {
      await onSaved();
      setEditing(false);
    },
  });
  if (!editing) {
    return (
      <div className="page-head">
        <p>{pack.description || <span className="hint">No description.</span>}</p>
        <button type="button" className="secondary" onClick={() => setEditing(true)}>
          Edit name and description
        </button>
      </div>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form className="card stack-form" onSubmit={submit} aria-label="Edit pack">
      <label htmlFor="edit-pack-name">Name</label>
      <input id="edit-pack-name" value={name} maxLength={100} required onChange={(event) => setName(event.target.value)} autoFocus />
      <label htmlFor="edit-pack-description">Description</label>
      <input id="edit-pack-description" value={description} maxLength={1000} onChange={(event) => setDescription(event.target.value)} />
      <div className="button-row">
        <button type="submit" disabled={save.isPending}>
          Save
        </button>
        <button type="button" className="secondary" onClick={() => setEditing(false)}>
          Cancel
        </button>
      </div>
      {save.isError && <ActionError error={save.error} />}
    </form>
  );
}

function AddServer({ id, present, onAdded }: { id: string; present: string[]; onAdded: () => Promise<unknown> }) {
  // The picker needs the registry: loaded when the form is opened, not with the page.
  const [open, setOpen] = useState(false);
  const [server, setServer] = useState('');
  const servers = useQuery({ queryKey: serversKey, queryFn: () => api.get('/mcp_servers'), enabled: open });
  const add = useMutation({
    mutationFn: () => api.post('/custom-packs/packs/{pack_id}/servers', { params: { pack_id: id }, body: { server } }),
    onSuccess: async () => {
      setServer('');
      await onAdded();
    },
  });
  const client = useQueryClient();
  if (!open) {
    return (
      <button type="button" className="secondary" onClick={() => setOpen(true)}>
        Add a server…
      </button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (server) add.mutate(undefined, { onSettled: () => void client.invalidateQueries({ queryKey: limitsKey }) });
  };
  return (
    <form className="inline-form" onSubmit={submit} aria-label="Add a server">
      <QueryView query={servers}>
        {(data) => (
          <>
            <label htmlFor="add-server">Server</label>
            <select id="add-server" value={server} onChange={(event) => setServer(event.target.value)} required>
              <option value="">Choose a server</option>
              {data.servers
                .filter((s) => !present.includes(s.name))
                .map((s) => (
                  <option key={s.name} value={s.name}>
                    {s.display_name || s.name} ({s.category})
                  </option>
                ))}
            </select>
            <button type="submit" disabled={add.isPending || !server}>
              Add to pack
            </button>
          </>
        )}
      </QueryView>
      {add.isError && <ActionError error={add.error} />}
    </form>
  );
}

function DeletePack({ id }: { id: string }) {
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => api.delete('/custom-packs/packs/{pack_id}', { params: { pack_id: id } }),
    onSuccess: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: ownPacksKey }), client.invalidateQueries({ queryKey: limitsKey })]);
      navigate('/packs');
    },
  });
  return (
    <section className="danger-zone">
      <h2>Delete this pack</h2>
      {confirming ? (
        <div className="button-row">
          <button type="button" className="danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
            Yes, delete the pack
          </button>
          <button type="button" className="secondary" onClick={() => setConfirming(false)}>
            Keep it
          </button>
        </div>
      ) : (
        <button type="button" className="secondary danger" onClick={() => setConfirming(true)}>
          Delete pack…
        </button>
      )}
      {remove.isError && <ActionError error={remove.error} />}
    </section>
  );
}
