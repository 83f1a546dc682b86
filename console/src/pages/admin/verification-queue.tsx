import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { api } from '../../api/client.ts';
import type { BodyOf } from '../../api/contract.ts';
import { DataTable } from '../../ui/data-table.tsx';
import type { Column } from '../../ui/data-table.tsx';
import { ErrorNotice, QueryView } from '../../ui/states.tsx';
import { when } from '../../ui/format.ts';
import { Pager } from './pager.tsx';
import type { FeaturedServer, Verification, VerificationStatus } from './types.ts';

const LIMIT = 10;
const STATUSES: VerificationStatus[] = ['pending', 'unverified', 'verified', 'rejected'];
const serverHref = (name: string) => `/admin/servers/${encodeURIComponent(name)}`;
// Each row is a FeaturedRow, with its own unfeature action.
const featuredColumns: Column<FeaturedServer>[] = [
  { header: 'Server' },
  { header: 'Category' },
  { header: 'Rating' },
  { header: 'Verified' },
  { header: <span className="visually-hidden">Actions</span> },
];

/** One PATCH of a server's verification; every admin list refreshes after it. */
export function useVerificationChange(serverName: string, onDone?: (answer: Verification) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: BodyOf<'/mcp-moderation/servers/{server_name}/verification', 'patch'>) =>
      api.patch('/mcp-moderation/servers/{server_name}/verification', { params: { server_name: serverName }, body: change }),
    onSuccess: async (answer) => {
      onDone?.(answer);
      await client.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}

/** Registry servers in one verification status (GET /mcp-moderation/verifications), pending first. */
export function VerificationQueue() {
  const [status, setStatus] = useState<VerificationStatus>('pending');
  const [offset, setOffset] = useState(0);
  const [done, setDone] = useState<string>();
  const queue = useQuery({
    queryKey: ['admin', 'verifications', status, offset],
    queryFn: () => api.get('/mcp-moderation/verifications', { query: { status, limit: LIMIT, offset } }),
  });
  return (
    <section aria-labelledby="verification-queue">
      <div className="admin-section-head">
        <h2 id="verification-queue">Verification queue</h2>
        <label className="admin-inline-label">
          Status{' '}
          <select
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as VerificationStatus);
              setOffset(0);
            }}
          >
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
      </div>
      {done && (
        <p className="notice" role="status">
          {done}
        </p>
      )}
      <QueryView query={queue} isEmpty={(d) => d.servers.length === 0} empty={`No server is ${status}.`}>
        {(d) => (
          <>
            <ul className="admin-list" aria-label={`Servers ${status}`}>
              {d.servers.map((server) => (
                <VerificationItem key={server.server_name} server={server} onDone={setDone} />
              ))}
            </ul>
            <Pager page={d.pagination} onOffset={setOffset} label="Verification queue" />
          </>
        )}
      </QueryView>
    </section>
  );
}

function VerificationItem({ server, onDone }: { server: Verification; onDone: (message: string) => void }) {
  const change = useVerificationChange(server.server_name, (answer) => onDone(`${answer.server_name} is now ${answer.status}.`));
  return (
    <li className="card admin-item" data-testid="verification">
      <div className="admin-item-head">
        <Link href={serverHref(server.server_name)}>{server.server_name}</Link>
        <span className={`badge ${server.status === 'verified' ? 'ok' : server.status === 'rejected' ? 'bad' : 'warn'}`}>{server.status}</span>
        <span className="hint">updated {when(server.updated_at)}</span>
      </div>
      {server.notes && <p className="admin-details">{server.notes}</p>}
      <div className="button-row">
        {server.status !== 'verified' && (
          <button type="button" onClick={() => change.mutate({ status: 'verified' })} disabled={change.isPending} aria-label={`Verify ${server.server_name}`}>
            Verify
          </button>
        )}
        {server.status !== 'rejected' && (
          <button type="button" className="secondary danger" onClick={() => change.mutate({ status: 'rejected' })} disabled={change.isPending} aria-label={`Reject ${server.server_name}`}>
            Reject
          </button>
        )}
        {server.status === 'unverified' && (
          <button type="button" className="secondary" onClick={() => change.mutate({ status: 'pending' })} disabled={change.isPending} aria-label={`Queue ${server.server_name} for review`}>
            Queue for review
          </button>
        )}
      </div>
      {change.isError && <ErrorNotice error={change.error} />}
    </li>
  );
}

/** Featured servers (GET /mcp-moderation/servers/featured) with their ratings; an admin can take one off. */
export function FeaturedList() {
  const featured = useQuery({
    queryKey: ['admin', 'featured'],
    queryFn: () => api.get('/mcp-moderation/servers/featured', { query: { limit: 50 } }),
  });
  return (
    <section aria-labelledby="featured-servers">
      <h2 id="featured-servers">Featured servers</h2>
      <QueryView query={featured} isEmpty={(d) => d.servers.length === 0} empty="No featured server. Feature a verified server from its page.">
        {(d) => (
          <DataTable caption="Featured servers" columns={featuredColumns} rows={d.servers} renderRow={(server) => <FeaturedRow key={server.name} server={server} />} />
        )}
      </QueryView>
    </section>
  );
}

function FeaturedRow({ server }: { server: FeaturedServer }) {
  const change = useVerificationChange(server.name);
  return (
    <tr>
      <th scope="row">
        <Link href={serverHref(server.name)}>{server.display_name}</Link>
        <div className="hint">{server.name}</div>
      </th>
      <td>{server.category}</td>
      <td>{server.average_rating == null ? 'no reviews' : `${server.average_rating} / 5 (${server.review_count})`}</td>
      <td>{when(server.verified_at)}</td>
      <td>
        <button type="button" className="secondary" onClick={() => change.mutate({ featured: false })} disabled={change.isPending} aria-label={`Stop featuring ${server.name}`}>
          Unfeature
        </button>
        {change.isError && <ErrorNotice error={change.error} />}
      </td>
    </tr>
  );
}
