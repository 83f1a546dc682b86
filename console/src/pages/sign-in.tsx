import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api } from '../api/client.ts';
import { lastSignOutReason, saveSession } from '../api/session.ts';
import { ErrorNotice } from '../ui/states.tsx';

/** Sign in with an API key, traded for a session token (POST /auth/login); the key itself is not kept. */
export function SignIn({ intro }: { intro?: string }) {
  const [key, setKey] = useState('');
  const login = useMutation({
    mutationFn: (apiKey: string) => api.post('/auth/login', { token: apiKey }),
    onSuccess: (answer) => saveSession({ token: answer.access_token, expiresAt: Date.now() + answer.expires_in * 1000, user: answer.user }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (key.trim()) login.mutate(key.trim());
  };
  return (
    <main id="main" className="sign-in">
      <form className="card" onSubmit={submit} aria-labelledby="sign-in-title">
        <h1 id="sign-in-title">Sign in to Switchboard</h1>
        {intro && <p>{intro}</p>}
        {lastSignOutReason() === 'expired' && <p className="notice">Your session expired. Sign in again.</p>}
        <label htmlFor="api-key">API key</label>
        <input
          id="api-key"
          name="api-key"
          type="password"
          autoComplete="current-password"
          placeholder="sb_…"
          value={key}
          onChange={(event) => setKey(event.target.value)}
          required
          autoFocus
        />
        <p className="hint">
          An operator creates keys with <code>npm run cli -- users create</code>; the console keeps only a session token, never the key.
        </p>
        <button type="submit" disabled={login.isPending}>
          {login.isPending ? 'Signing in…' : 'Sign in'}
        </button>
        {login.isError && <ErrorNotice error={login.error} />}
      </form>
    </main>
  );
}
