import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearch } from 'wouter';
import { api } from '../api/client.ts';
import { ApproveDeny } from '../ui/approve-deny.tsx';
import { Page } from '../ui/page.tsx';
import { ErrorNotice, Loading } from '../ui/states.tsx';

/** What each scope lets the application do, in the words the person decides on. */
const SCOPE_TEXT: Record<string, string> = {
  search: 'search tools and read your servers and packs',
  run: 'run tools as you',
  jobs: 'read and cancel your jobs',
};

/**
 * The consent page GET /oauth/authorize sends a person to (issue 36): who asks (the name the
 * client gave, and the host of its id or redirect address, which it cannot fake), for which
 * resource and scopes. A consent given before for exactly this is not asked again.
 */
export function OAuthConsent() {
  const handle = new URLSearchParams(useSearch()).get('request') ?? '';
  const request = useQuery({ queryKey: ['oauth-consent', handle], queryFn: () => api.get('/oauth/consent', { query: { request: handle } }), enabled: handle.length > 0, retry: false });
  const decide = useMutation({
    mutationFn: (decision: 'approve' | 'deny') => api.post('/oauth/consent', { body: { request: handle, decision } }),
    onSuccess: (answer) => window.location.assign(answer.redirect_to),
  });
  const remembered = request.data?.remembered === true;
  useEffect(() => {
    if (remembered && decide.isIdle) decide.mutate('approve');
  }, [remembered, decide]);

  if (!handle) return <Page title="Authorize an application"><p>This page is opened by an application asking to connect; there is no request here.</p></Page>;
  const data = request.data;
  return (
    <Page title="Authorize an application">
      {request.isFetching && !data && <Loading />}
      {request.isError && <ErrorNotice error={request.error} />}
      {data && (
        <div className="card" aria-live="polite">
          <p>
            <strong data-testid="oauth-client-name">{data.client_name ?? 'An unnamed application'}</strong> asks to use your Switchboard account.
          </p>
          <dl className="facts">
            <dt>Application</dt>
            <dd data-testid="oauth-client-id">{data.client_host ? `${data.client_host} (its metadata document)` : `${data.client_id} (registered itself; the name is its own claim)`}</dd>
            <dt>Sends you back to</dt>
            <dd data-testid="oauth-redirect-host">{data.redirect_host}</dd>
            <dt>For</dt>
            <dd data-testid="oauth-resource">{data.resource}</dd>
            <dt>May</dt>
            <dd>
              <ul data-testid="oauth-scopes">
                {data.scopes.map((scope) => (
                  <li key={scope}>{SCOPE_TEXT[scope] ?? scope}</li>
                ))}
              </ul>
            </dd>
          </dl>
          {remembered ? (
            <p role="status">You approved this before; continuing…</p>
          ) : (
            <>
              <p>Approve only if you started this connection. You can revoke it at any time on your account page.</p>
              <ApproveDeny onDecide={(decision) => decide.mutate(decision)} pending={decide.isPending} />
            </>
          )}
          {decide.isError && <ErrorNotice error={decide.error} />}
        </div>
      )}
    </Page>
  );
}
