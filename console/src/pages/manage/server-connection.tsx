import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import type { ResponseOf } from '../../api/contract.ts';
import { when } from '../../ui/format.ts';
import { QueryView } from '../../ui/states.tsx';
import { ActionError } from './action-error.tsx';

const connectionKey = (server: string) => ['server-connection', server] as const;

type Status = ResponseOf<'/mcp_servers/{server}/connection', 'get'>['status'];
const BADGE: Record<Status, string> = { connected: 'ok', needs_reconnect: 'bad', not_connected: '' };
const WORDS: Record<Status, string> = { connected: 'connected', needs_reconnect: 'connect again', not_connected: 'not connected' };

/**
 * A person's OAuth connection to a remote server (issue 36): its status, Connect (the browser
 * goes to the server's authorization server and comes back to our callback page, which links
 * here) and Disconnect. No token ever reaches the console. Part of the #credentials card's
 * neighbourhood: CREDENTIALS_REQUIRED links to this page for both.
 */
export function ServerConnection({ server }: { server: string }) {
  const client = useQueryClient();
  const status = useQuery({ queryKey: connectionKey(server), queryFn: () => api.get('/mcp_servers/{server}/connection', { params: { server } }) });
  const connect = useMutation({
    mutationFn: () => api.post('/mcp_servers/{server}/connection', { params: { server } }),
    onSuccess: (answer) => window.location.assign(answer.authorization_url),
  });
  const disconnect = useMutation({
    mutationFn: () => api.delete('/mcp_servers/{server}/connection', { params: { server } }),
    onSuccess: () => client.invalidateQueries({ queryKey: connectionKey(server) }),
  });
  return (
    <section className="card" id="connection" aria-labelledby="connection-title">
      <h2 id="connection-title">Your account on this server</h2>
      <QueryView query={status}>
        {(s) => (
          <>
            <p>
              <span className={`badge ${BADGE[s.status]}`} data-testid="connection-status">
                {WORDS[s.status]}
              </span>{' '}
              {s.status === 'connected' && s.connected_at !== null ? `since ${when(s.connected_at)}` : ''}
            </p>
            <p className="hint">
              {s.oauth
                ? 'This server asks each person to sign in with their own account; its tools run for you with your connection only.'
                : 'For a remote server that asks for a sign-in (OAuth): connect your own account on it.'}
            </p>
            <div className="button-row">
              <button type="button" disabled={connect.isPending} onClick={() => connect.mutate()}>
                {s.status === 'not_connected' ? 'Connect' : 'Connect again'}
              </button>
              {s.status !== 'not_connected' && (
                <button type="button" className="secondary" disabled={disconnect.isPending} onClick={() => disconnect.mutate()}>
                  Disconnect
                </button>
              )}
            </div>
            {connect.isError && <ActionError error={connect.error} />}
            {disconnect.isError && <ActionError error={disconnect.error} />}
          </>
        )}
      </QueryView>
    </section>
  );
}
