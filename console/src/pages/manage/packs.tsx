import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { api } from '../../api/client.ts';
import { Page } from '../../ui/page.tsx';
import { QueryView } from '../../ui/states.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import type { Column } from '../../ui/data-table.tsx';
import { ActionError } from './action-error.tsx';
import { limitText } from '../../ui/format.ts';

export const packsKey = ['packs'] as const;
export const ownPacksKey = ['custom-packs'] as const;
export const limitsKey = ['user-limits'] as const;

/** Enables a pack (POST /packs/enable: every server in it) and refreshes what shows it. */
export function useEnablePack() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (packId: string) => api.post('/packs/enable', { body: { pack_id: packId } }),
    onSuccess: async () => {
      await Promise.all(
        [packsKey, ownPacksKey, ['mcp-servers'], ['pack']].map((queryKey) => client.invalidateQueries({ queryKey })),
      );
    },
  });
}

/**
 * Curated packs (GET /packs) and the person's own (GET /custom-packs/packs, one page of 100:
 * no plan allows more), with the plan's allowance and a form for a new pack.
 */
export function PacksPage() {
  const curated = useQuery({ queryKey: packsKey, queryFn: () => api.get('/packs') });
  const own = useQuery({ queryKey: ownPacksKey, queryFn: () => api.get('/custom-packs/packs', { query: { limit: 100 } }) });
  const limits = useQuery({ queryKey: limitsKey, queryFn: () => api.get('/billing/user-limits') });
  const enable = useEnablePack();
  const busy = enable.isPending ? enable.variables : undefined;
  return (
    <Page title="Packs">
      <p className="hint">A pack is a set of servers you enable together; each is also an MCP endpoint of its own.</p>
      {enable.isError && <ActionError error={enable.error} />}
      <section aria-label="Your packs">
        <h2>Your packs</h2>
        <QueryView query={own} isEmpty={(data) => data.packs.length === 0} empty="None yet: create one below.">
          {(data) => <PackTable caption="Your packs" packs={data.packs} onEnable={(id) => enable.mutate(id)} busy={busy} />}
        </QueryView>
      </section>
      <section className="card" aria-labelledby="new-pack-title">
        <h2 id="new-pack-title">New pack</h2>
        <QueryView query={limits}>
          {(l) => (
            <p className="hint" data-testid="pack-allowance">
              Your {l.plan} plan: {l.usage.packs} of {limitText(l.max_packs)} packs used, up to {limitText(l.max_servers_per_pack)} servers each.
            </p>
          )}
        </QueryView>
        <NewPackForm />
      </section>
      <section aria-label="Curated packs">
        <h2>Curated packs</h2>
        <QueryView query={curated} isEmpty={(data) => data.packs.length === 0} empty="No curated packs on this service.">
          {(data) => <PackTable caption="Curated packs" packs={data.packs} onEnable={(id) => enable.mutate(id)} busy={busy} />}
        </QueryView>
      </section>
    </Page>
  );
}

interface PackRow {
  id: string;
  name: string;
  description: string;
  servers_count: number;
  total_tools: number;
  enabled?: boolean;
}

function PackTable({ caption, packs, onEnable, busy }: { caption: string; packs: PackRow[]; onEnable: (id: string) => void; busy?: string }) {
  const columns: Column<PackRow>[] = [
    {
      header: 'Pack',
      cell: (pack) => (
        <>
          <Link href={`/packs/${encodeURIComponent(pack.id)}`}>{pack.name}</Link>
          <div className="hint">{pack.description}</div>
        </>
      ),
    },
    { header: 'Servers', cell: (pack) => pack.servers_count },
    { header: 'Tools', cell: (pack) => pack.total_tools },
    {
      header: 'For you',
      cell: (pack) =>
        pack.enabled ? (
          <span className="badge ok">enabled</span>
        ) : (
          <button type="button" className="secondary" disabled={busy === pack.id} onClick={() => onEnable(pack.id)} aria-label={`Enable ${pack.name}`}>
            Enable
          </button>
        ),
    },
  ];
  return (
    <>
      {packs.length === 0 ? (
        <p className="state state-empty">None yet.</p>
      ) : (
        <DataTable className="stack-on-phone" caption={caption} columns={columns} rows={packs} rowKey={(pack) => pack.id} />
      )}
    </>
  );
}

function NewPackForm() {
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const create = useMutation({
    mutationFn: () => api.post('/custom-packs/packs', { body: { name: name.trim(), description: description.trim() } }),
    onSuccess: async (pack) => {
      // A new pack has no servers yet: its page needs no second request for them.
      client.setQueryData(['custom-pack', pack.id], { ...pack, servers: [] });
      await Promise.all([client.invalidateQueries({ queryKey: ownPacksKey }), client.invalidateQueries({ queryKey: limitsKey })]);
      navigate(`/packs/${encodeURIComponent(pack.id)}`);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <form className="stack-form" onSubmit={submit}>
      <label htmlFor="pack-name">Name</label>
      <input id="pack-name" value={name} maxLength={100} required onChange={(event) => setName(event.target.value)} />
      <label htmlFor="pack-description">Description</label>
      <input id="pack-description" value={description} maxLength={1000} onChange={(event) => setDescription(event.target.value)} />
      <div className="button-row">
        <button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create pack'}
        </button>
      </div>
      {create.isError && <ActionError error={create.error} />}
    </form>
  );
}
