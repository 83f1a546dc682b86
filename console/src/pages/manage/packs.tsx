import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { api } from '../../api/client.ts';
import { Page } from '../../ui/page.tsx';
import { QueryView } from '../../ui/states.tsx';
import { ActionError } from './action-error.tsx';
import { limitText } from './format.ts';
import type { CustomPackDetail, PackList, PackSummary, UserLimits } from './types.ts';

export const packsKey = ['packs'] as const;
export const limitsKey = ['user-limits'] as const;

/** Enables a pack (POST /packs/enable: every server in it) and refreshes what shows it. */
export function useEnablePack() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (packId: string) => api('/packs/enable', { method: 'POST', body: { pack_id: packId } }),
    onSuccess: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: packsKey }), client.invalidateQueries({ queryKey: ['mcp-servers'] }), client.invalidateQueries({ queryKey: ['pack'] })]);
    },
  });
}

/** Curated packs and the person's own (GET /packs), with the plan's allowance and a form for a new pack. */
export function PacksPage() {
  const packs = useQuery({ queryKey: packsKey, queryFn: () => api<PackList>('/packs') });
  const limits = useQuery({ queryKey: limitsKey, queryFn: () => api<UserLimits>('/billing/user-limits') });
  const enable = useEnablePack();
  return (
    <Page title="Packs">
      <p className="hint">A pack is a set of servers you enable together; each is also an MCP endpoint of its own.</p>
      <QueryView query={packs} isEmpty={(data) => data.packs.length === 0} empty="No packs yet: create your own below.">
        {(data) => (
          <>
            <PackTable title="Curated packs" packs={data.packs.filter((p) => p.kind === 'curated')} onEnable={(id) => enable.mutate(id)} busy={enable.isPending ? enable.variables : undefined} />
            <PackTable title="Your packs" packs={data.packs.filter((p) => p.kind === 'custom')} onEnable={(id) => enable.mutate(id)} busy={enable.isPending ? enable.variables : undefined} />
          </>
        )}
      </QueryView>
      {enable.isError && <ActionError error={enable.error} />}
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
    </Page>
  );
}

function PackTable({ title, packs, onEnable, busy }: { title: string; packs: PackSummary[]; onEnable: (id: string) => void; busy?: string }) {
  return (
    <section aria-label={title}>
      <h2>{title}</h2>
      {packs.length === 0 ? (
        <p className="state state-empty">None yet.</p>
      ) : (
        <div className="table-wrap">
          <table className="stack-on-phone">
            <thead>
              <tr>
                <th scope="col">Pack</th>
                <th scope="col">Servers</th>
                <th scope="col">Tools</th>
                <th scope="col">For you</th>
              </tr>
            </thead>
            <tbody>
              {packs.map((pack) => (
                <tr key={pack.id}>
                  <td data-label="Pack">
                    <Link href={`/packs/${encodeURIComponent(pack.id)}`}>{pack.name}</Link>
                    <div className="hint">{pack.description}</div>
                  </td>
                  <td data-label="Servers">{pack.servers_count}</td>
                  <td data-label="Tools">{pack.total_tools}</td>
                  <td data-label="For you">
                    {pack.enabled ? (
                      <span className="badge ok">enabled</span>
                    ) : (
                      <button type="button" className="secondary" disabled={busy === pack.id} onClick={() => onEnable(pack.id)} aria-label={`Enable ${pack.name}`}>
                        Enable
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function NewPackForm() {
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const create = useMutation({
    mutationFn: () => api<CustomPackDetail>('/custom-packs/packs', { method: 'POST', body: { name: name.trim(), description: description.trim() } }),
    onSuccess: async (pack) => {
      await Promise.all([client.invalidateQueries({ queryKey: packsKey }), client.invalidateQueries({ queryKey: limitsKey })]);
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
