import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { api, ApiError } from '../../api/client.ts';
import type { ResponseOf } from '../../api/contract.ts';
import { when } from '../../ui/format.ts';
import { QueryView } from '../../ui/states.tsx';
import { ActionError } from './action-error.tsx';

const credentialsKey = (server: string) => ['server-credentials', server] as const;

/** Only an http(s) link is followed: the entry's setup_url is registry data, not ours. */
const isWebLink = (url: string | null): url is string => url !== null && /^https?:\/\//i.test(url);

/**
 * A person's credentials for one server (issue 35, item 4): the names its entry declares, which
 * are set and when, a password field for each, and the vendor's page where a value is made.
 * Write-only: the service never sends a value back, so a field is always empty; what is typed
 * goes out once and is cleared. The anchor #credentials is where CREDENTIALS_REQUIRED links.
 */
export function ServerCredentials({ server }: { server: string }) {
  const client = useQueryClient();
  const status = useQuery({ queryKey: credentialsKey(server), queryFn: () => api.get('/mcp_servers/{server}/credentials', { params: { server } }) });
  const [values, setValues] = useState<Record<string, string>>({});
  const refresh = (answer: ResponseOf<'/mcp_servers/{server}/credentials', 'put'>) => client.setQueryData(credentialsKey(server), answer);
  const save = useMutation({
    mutationFn: (given: Record<string, string>) => api.put('/mcp_servers/{server}/credentials', { params: { server }, body: { values: given } }),
    onSuccess: (answer) => {
      setValues({});
      refresh(answer);
    },
  });
  const remove = useMutation({
    mutationFn: (name: string) => api.delete('/mcp_servers/{server}/credentials/{name}', { params: { server, name } }),
    onSuccess: () => client.invalidateQueries({ queryKey: credentialsKey(server) }),
  });
  // A CREDENTIALS_REQUIRED link ends in #credentials: the card shows only once loaded, after the
  // browser looked for the anchor, so it is brought into view here.
  const loaded = status.isSuccess;
  useEffect(() => {
    if (loaded && window.location.hash === '#credentials') document.getElementById('credentials')?.scrollIntoView();
  }, [loaded]);
  const given = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(given);
  };
  // The service names the wrong field as values.<NAME>: that input is marked.
  const wrong = save.error instanceof ApiError ? save.error.field?.replace(/^values\./, '') : undefined;
  return (
    <section className="card" id="credentials" aria-labelledby="credentials-title">
      <h2 id="credentials-title">Your credentials</h2>
      <QueryView query={status} isEmpty={(s) => s.credentials.length === 0} empty="This server needs no credentials.">
        {(s) => (
          <form className="stack-form" onSubmit={submit}>
            <p className="hint">
              {s.required ? 'Its tools run for you only once these are set.' : 'Optional for this server.'} Values are stored encrypted and never shown again.
              {isWebLink(s.setup_url) && (
                <>
                  {' '}
                  <a href={s.setup_url} rel="noreferrer noopener" target="_blank">
                    Get them from the vendor
                  </a>
                  .
                </>
              )}
            </p>
            {s.credentials.map((c) => (
              <div key={c.name} className="row-item">
                <label htmlFor={`credential-${c.name}`}>
                  <code>{c.name}</code>{' '}
                  <span className={`badge ${c.set ? 'ok' : s.missing.includes(c.name) ? 'warn' : ''}`} data-testid={`credential-status-${c.name}`}>
                    {c.set ? `set ${when(c.updated_at)}` : 'not set'}
                  </span>
                </label>
                <input
                  id={`credential-${c.name}`}
                  type="password"
                  autoComplete="new-password"
                  spellCheck={false}
                  placeholder={c.set ? 'Type a new value to replace it' : 'Value'}
                  aria-invalid={wrong === c.name}
                  value={values[c.name] ?? ''}
                  onChange={(event) => setValues((current) => ({ ...current, [c.name]: event.target.value }))}
                />
                {c.set && (
                  <button type="button" className="secondary" disabled={remove.isPending} onClick={() => remove.mutate(c.name)}>
                    Remove {c.name}
                  </button>
                )}
              </div>
            ))}
            <div className="button-row">
              <button type="submit" disabled={save.isPending || Object.keys(given).length === 0}>
                {save.isPending ? 'Saving…' : 'Save credentials'}
              </button>
            </div>
            {save.isError && <ActionError error={save.error} />}
            {remove.isError && <ActionError error={remove.error} />}
          </form>
        )}
      </QueryView>
    </section>
  );
}
