import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearch } from 'wouter';
import { api } from '../api/client.ts';
import { ApproveDeny } from '../ui/approve-deny.tsx';
import { Page } from '../ui/page.tsx';
import { ErrorNotice, Loading } from '../ui/states.tsx';

/**
 * The page `verification_url` opens (POST /auth/cli/start): the person checks the client and
 * the code the terminal shows, then approves or denies (POST /auth/cli/complete).
 */
export function DeviceApproval() {
  const initial = new URLSearchParams(useSearch()).get('user_code') ?? '';
  const [typed, setTyped] = useState(initial);
  const [userCode, setUserCode] = useState(initial);
  const request = useQuery({
    queryKey: ['device-login', userCode],
    queryFn: () => api.get('/auth/cli/verify', { query: { user_code: userCode } }),
    enabled: userCode.length > 0,
    retry: false,
  });
  const decide = useMutation({
    mutationFn: (decision: 'approve' | 'deny') => api.post('/auth/cli/complete', { body: { user_code: userCode, decision } }),
    onSuccess: () => void request.refetch(),
  });
  const lookUp = (event: FormEvent) => {
    event.preventDefault();
    decide.reset();
    setUserCode(typed.trim().toUpperCase());
  };
  return (
    <Page title="Approve a device login">
      <form className="inline-form" onSubmit={lookUp}>
        <label htmlFor="user-code">Code shown in your terminal</label>
        <input id="user-code" value={typed} onChange={(event) => setTyped(event.target.value)} placeholder="ABCD-EFGH" autoComplete="off" required />
        <button type="submit">Look up</button>
      </form>
      {request.isFetching && !request.data && <Loading />}
      {request.isError && <ErrorNotice error={request.error} />}
      {request.data && (
        <div className="card device-request" aria-live="polite">
          <dl className="facts">
            <dt>Client</dt>
            <dd data-testid="client-name">{request.data.client_name ?? 'an unnamed client'}</dd>
            {/* The client name is whatever the requester typed; where and when it came from is what a person can check. */}
            <dt>Requested from</dt>
            <dd data-testid="requested-from">{request.data.requested_from ?? 'an unknown address'}</dd>
            <dt>Requested at</dt>
            <dd data-testid="requested-at">{new Date(request.data.requested_at * 1000).toLocaleString()}</dd>
            <dt>Code</dt>
            <dd>
              <code data-testid="user-code">{request.data.user_code}</code>
            </dd>
            <dt>State</dt>
            <dd data-testid="device-status">{request.data.status}</dd>
          </dl>
          {request.data.status === 'pending' ? (
            <>
              <p>Approve only if this code is the one your terminal shows, and you asked from this address at this time. The client will act as you.</p>
              <ApproveDeny onDecide={(decision) => decide.mutate(decision)} pending={decide.isPending} />
            </>
          ) : (
            <p>This login request is {request.data.status}; nothing more to do here.</p>
          )}
          {decide.data && <p className="notice" role="status">{decide.data.message}</p>}
          {decide.isError && <ErrorNotice error={decide.error} />}
        </div>
      )}
    </Page>
  );
}
