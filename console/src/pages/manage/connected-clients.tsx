import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import type { ResponseOf } from '../../api/contract.ts';
import { DataTable } from '../../ui/data-table.tsx';
import type { Column } from '../../ui/data-table.tsx';
import { when } from '../../ui/format.ts';
import { QueryView } from '../../ui/states.tsx';
import { ActionError } from './action-error.tsx';

type ConnectedClient = ResponseOf<'/account/connected-clients'>['clients'][number];
const clientsKey = ['connected-clients'] as const;

/** MCP clients the person authorized through Switchboard's login (OAuth); revoking ends their tokens at the next request. */
export function ConnectedClients() {
  const client = useQueryClient();
  const clients = useQuery({ queryKey: clientsKey, queryFn: () => api.get('/account/connected-clients') });
  const revoke = useMutation({
    mutationFn: (id: string) => api.delete('/account/connected-clients/{grant_id}', { params: { grant_id: id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: clientsKey }),
  });
  const columns: Column<ConnectedClient>[] = [
    { header: 'Application', cell: (c) => c.client_name ?? <code>{c.client_id}</code> },
    { header: 'For', cell: (c) => <code>{c.resource}</code> },
    { header: 'May', cell: (c) => c.scopes.join(', ') },
    { header: 'Connected', cell: (c) => when(c.created_at) },
    { header: 'Last used', cell: (c) => (c.last_used_at ? when(c.last_used_at) : 'never') },
    {
      header: 'State',
      cell: (c) =>
        c.revoked_at ? (
          <span className="badge bad">revoked {when(c.revoked_at)}</span>
        ) : (
          <>
            <span className="badge ok">active</span>{' '}
            <button type="button" className="secondary danger" disabled={revoke.isPending} onClick={() => revoke.mutate(c.id)} aria-label={`Revoke ${c.client_name ?? c.client_id}`}>
              Revoke
            </button>
          </>
        ),
    },
  ];
  return (
    <section className="card" aria-labelledby="connected-title">
      <h2 id="connected-title">Connected applications</h2>
      {revoke.isError && <ActionError error={revoke.error} />}
      <QueryView query={clients} isEmpty={(data) => data.total === 0} empty="No application has connected with your login.">
        {(data) => (
          <DataTable
            className="stack-on-phone"
            caption="Applications connected with your login"
            columns={columns}
            rows={data.clients}
            rowKey={(c) => c.id}
            rowData={(c) => ({ 'data-testid': 'connected-client-row', 'data-client': c.client_id })}
          />
        )}
      </QueryView>
    </section>
  );
}
