import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client.ts';
import { DataTable } from '../../ui/data-table.tsx';
import type { Column } from '../../ui/data-table.tsx';
import { when } from '../../ui/format.ts';
import { ShownOnce } from '../../ui/shown-once.tsx';
import { QueryView } from '../../ui/states.tsx';
import { ActionError } from './action-error.tsx';
import type { ApiKeyRecord } from './types.ts';

const keysKey = ['api-keys'] as const;

/** The person's API keys: a new one is shown once; revoking needs a second click. */
export function ApiKeys() {
  const client = useQueryClient();
  const keys = useQuery({ queryKey: keysKey, queryFn: () => api.get('/api-keys') });
  const [fresh, setFresh] = useState<string>();
  const [confirming, setConfirming] = useState<string>();
  const create = useMutation({
    mutationFn: () => api.post('/api-keys'),
    onSuccess: async (key) => {
      setFresh(key.api_key);
      await client.invalidateQueries({ queryKey: keysKey });
    },
  });
  const revoke = useMutation({
    mutationFn: (id: string) => api.delete('/api-keys/{key_id}', { params: { key_id: id } }),
    onSuccess: async () => {
      setConfirming(undefined);
      await client.invalidateQueries({ queryKey: keysKey });
    },
  });
  const keyColumns: Column<ApiKeyRecord>[] = [
    { header: 'Key', cell: (key) => <code>sb_{key.prefix}_…</code> },
    { header: 'Created', cell: (key) => when(key.created_at) },
    { header: 'Last used', cell: (key) => (key.last_used_at ? when(key.last_used_at) : 'never') },
    {
      header: 'State',
      cell: (key) =>
        key.revoked ? (
          <span className="badge bad">revoked {when(key.revoked_at)}</span>
        ) : confirming === key.id ? (
          <span className="button-row">
            <button type="button" className="danger" disabled={revoke.isPending} onClick={() => revoke.mutate(key.id)}>
              Yes, revoke sb_{key.prefix}
            </button>
            <button type="button" className="secondary" onClick={() => setConfirming(undefined)}>
              Keep it
            </button>
          </span>
        ) : (
          <>
            <span className="badge ok">active</span>{' '}
            <button type="button" className="secondary danger" onClick={() => setConfirming(key.id)} aria-label={`Revoke key sb_${key.prefix}`}>
              Revoke…
            </button>
          </>
        ),
    },
  ];
  return (
    <section className="card" aria-labelledby="keys-title">
      <div className="page-head">
        <h2 id="keys-title">API keys</h2>
        <button type="button" disabled={create.isPending} onClick={() => create.mutate()}>
          Create API key
        </button>
      </div>
      {create.isError && <ActionError error={create.error} />}
      {fresh && (
        <ShownOnce title="Your new API key" value={fresh} onDone={() => setFresh(undefined)}>
          <p className="hint">
            Use it as <code>Authorization: Bearer …</code>, or export it as <code>SWITCHBOARD_API_KEY</code> for the MCP snippets of your packs.
          </p>
        </ShownOnce>
      )}
      {revoke.isError && <ActionError error={revoke.error} />}
      <QueryView query={keys} isEmpty={(data) => data.total === 0} empty="No keys.">
        {(data) => (
          <DataTable
            className="stack-on-phone"
            caption="Your API keys"
            columns={keyColumns}
            rows={data.keys}
            rowKey={(key) => key.id}
            rowData={(key) => ({ 'data-testid': 'api-key-row', 'data-prefix': key.prefix })}
          />
        )}
      </QueryView>
      <p className="hint">Revoking the key you signed in with ends this session, and every other session signed in with it.</p>
    </section>
  );
}
