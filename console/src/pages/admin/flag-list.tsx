import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { api } from '../../api/client.ts';
import { ErrorNotice, QueryView } from '../../ui/states.tsx';
import { when } from '../../ui/format.ts';
import { Pager } from './pager.tsx';
import type { Flag, FlagStatus } from './types.ts';

const LIMIT = 10;

/** The open flags of every server (GET /mcp-moderation/flags), each resolved or dismissed with an optional note. */
export function FlagList() {
  const [offset, setOffset] = useState(0);
  const [done, setDone] = useState<string>();
  const flags = useQuery({
    queryKey: ['admin', 'flags', 'open', offset],
    queryFn: () => api.get('/mcp-moderation/flags', { query: { status: 'open', limit: LIMIT, offset } }),
  });
  return (
    <section aria-labelledby="open-flags">
      <h2 id="open-flags">Open flags</h2>
      {done && (
        <p className="notice" role="status">
          {done}
        </p>
      )}
      <QueryView query={flags} isEmpty={(d) => d.flags.length === 0} empty="No open flags: nothing waits for a decision.">
        {(d) => (
          <>
            <ul className="admin-list" aria-label="Open flags">
              {d.flags.map((flag) => (
                <FlagItem key={flag.id} flag={flag} onDone={setDone} />
              ))}
            </ul>
            <Pager page={d.pagination} onOffset={setOffset} label="Open flags" />
          </>
        )}
      </QueryView>
    </section>
  );
}

export function FlagItem({ flag, onDone }: { flag: Flag; onDone: (message: string) => void }) {
  const client = useQueryClient();
  const [note, setNote] = useState('');
  const decide = useMutation({
    mutationFn: (status: Exclude<FlagStatus, 'open'>) =>
      api.patch('/mcp-moderation/flags/{flag_id}', { params: { flag_id: flag.id }, body: note.trim() ? { status, resolution: note.trim() } : { status } }),
    onSuccess: async (answer) => {
      onDone(`The ${flag.reason} flag on ${flag.server_name} is ${answer.status}.`);
      await client.invalidateQueries({ queryKey: ['admin'] });
    },
  });
  const noteId = `note-${flag.id}`;
  return (
    <li className="card admin-item" data-testid="flag" data-flag-id={flag.id}>
      <div className="admin-item-head">
        <Link href={`/admin/servers/${encodeURIComponent(flag.server_name)}`}>{flag.server_name}</Link>
        <span className="badge warn">{flag.reason.replace(/_/g, ' ')}</span>
        <span className="hint">{when(flag.created_at)}</span>
      </div>
      <p className="admin-details">{flag.details || <span className="hint">No details given.</span>}</p>
      {flag.reported_by && <p className="hint">Reported by user {flag.reported_by}</p>}
      <div className="inline-form admin-decide">
        <label htmlFor={noteId} className="visually-hidden">
          Note on the flag on {flag.server_name}
        </label>
        <input id={noteId} type="text" value={note} onChange={(event) => setNote(event.target.value)} placeholder="Note (optional)" maxLength={2000} />
        <button type="button" onClick={() => decide.mutate('resolved')} disabled={decide.isPending} aria-label={`Resolve the flag on ${flag.server_name}`}>
          Resolve
        </button>
        <button type="button" className="secondary" onClick={() => decide.mutate('dismissed')} disabled={decide.isPending} aria-label={`Dismiss the flag on ${flag.server_name}`}>
          Dismiss
        </button>
      </div>
      {decide.isError && <ErrorNotice error={decide.error} />}
    </li>
  );
}
