import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { api } from '../../api/client.ts';
import { Page } from '../../ui/page.tsx';
import { QueryView } from '../../ui/states.tsx';
import { ActionError } from './action-error.tsx';
import { when } from '../../ui/format.ts';
import { ServerConnection } from './server-connection.tsx';
import { ServerCredentials } from './server-credentials.tsx';
import { serversKey, useToggleServer } from './servers.tsx';
import type { ResponseOf } from '../../api/contract.ts';

const VERIFICATION_BADGE: Record<ResponseOf<'/mcp-moderation/servers/{server_name}/verification'>['status'], string> = { verified: 'ok', pending: 'warn', rejected: 'bad', unverified: '' };

/** One server: its registry entry and tools, its verification, its ratings, and the switch for this person. */
export function ServerPage({ params }: { params: Record<string, string | undefined> }) {
  const name = params.name ?? '';
  const entry = useQuery({ queryKey: ['registry', name], queryFn: () => api.get('/mcp_registry/{name}', { params: { name } }) });
  const verification = useQuery({ queryKey: ['verification', name], queryFn: () => api.get('/mcp-moderation/servers/{server_name}/verification', { params: { server_name: name } }) });
  const reviews = useQuery({ queryKey: ['reviews', name], queryFn: () => api.get('/mcp-moderation/servers/{server_name}/reviews', { params: { server_name: name }, query: { limit: 5 } }) });
  // The list the Servers page loaded (usually cached): whether this server is enabled for the person.
  const mine = useQuery({ queryKey: serversKey, queryFn: () => api.get('/mcp_servers') });
  const state = mine.data?.servers.find((s) => s.name === name);
  const toggle = useToggleServer();
  return (
    <Page
      title={entry.data?.display_name || name}
      actions={
        state && (
          <button type="button" aria-pressed={state.enabled} disabled={toggle.isPending} onClick={() => toggle.mutate({ server: name, enabled: !state.enabled })}>
            {state.enabled ? 'Disable for me' : 'Enable for me'}
          </button>
        )
      }
    >
      <p>
        <Link href="/servers">← All servers</Link>
      </p>
      {toggle.isError && <ActionError error={toggle.error} />}
      <div className="grid-2">
        <section className="card" aria-labelledby="verification-title">
          <h2 id="verification-title">Verification</h2>
          <QueryView query={verification}>
            {(v) => (
              <p>
                <span className={`badge ${VERIFICATION_BADGE[v.status]}`} data-testid="verification-status">
                  {v.status}
                </span>
                {v.featured && <span className="badge ok">featured</span>} {v.verified_at ? `since ${when(v.verified_at)}` : ''}
              </p>
            )}
          </QueryView>
        </section>
        <section className="card" aria-labelledby="ratings-title">
          <h2 id="ratings-title">Ratings</h2>
          <QueryView query={reviews} isEmpty={(r) => r.total === 0} empty="No reviews yet.">
            {(r) => (
              <>
                <p>
                  <strong>{r.average_rating?.toFixed(1) ?? '—'}</strong> / 5 from {r.total} review{r.total === 1 ? '' : 's'}
                </p>
                <ul className="plain-list">
                  {r.reviews.map((review) => (
                    <li key={review.id}>
                      <span aria-label={`${review.rating} of 5`}>{'★'.repeat(review.rating)}{'☆'.repeat(5 - review.rating)}</span> {review.title}
                      {review.text && <div className="hint">{review.text}</div>}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </QueryView>
        </section>
      </div>
      <ServerConnection server={name} />
      <ServerCredentials server={name} />
      <QueryView query={entry}>
        {(detail) => (
          <section className="card">
            <p>{detail.description}</p>
            <dl className="facts">
              <dt>Name</dt>
              <dd>
                <code>{detail.name}</code>
              </dd>
              <dt>Category</dt>
              <dd>{detail.category}</dd>
              <dt>Version</dt>
              <dd>{detail.version}</dd>
              <dt>Authentication</dt>
              <dd>{detail.authentication.required ? `${detail.authentication.type} (${[detail.authentication.env_var, ...(detail.authentication.env_vars ?? [])].filter(Boolean).join(', ')})` : 'none'}</dd>
              {detail.url && (
                <>
                  <dt>Documentation</dt>
                  <dd>
                    <a href={detail.url} rel="noreferrer noopener" target="_blank">
                      {detail.url}
                    </a>
                  </dd>
                </>
              )}
            </dl>
            <h2>Tools ({detail.tools.length})</h2>
            {detail.tools.length === 0 ? (
              <p className="state state-empty">No tools listed for this server.</p>
            ) : (
              <ul className="plain-list">
                {detail.tools.map((tool) => (
                  <li key={tool.name}>
                    <code>{tool.name}</code> <span className="hint">{tool.description}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
      </QueryView>
    </Page>
  );
}
