import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { api } from '../../api/client.ts';
import { QueryView } from '../../ui/states.tsx';
import { AdminPage, useAdminEnabled } from './admin-page.tsx';
import { FlagList } from './flag-list.tsx';
import { FeaturedList, VerificationQueue } from './verification-queue.tsx';
import { StatGrid } from './stat-grid.tsx';

/** /admin/moderation: the counts, open flags to resolve or dismiss, the verification queue and featured servers. */
export function ModerationPage() {
  const dashboard = useQuery({ queryKey: ['admin', 'moderation-dashboard'], queryFn: () => api.get('/mcp-moderation/moderation/dashboard') });
  const enabled = useAdminEnabled();
  return (
    <AdminPage title="Moderation" primary={dashboard} actions={<ServerLookup />}>
      <QueryView query={dashboard}>
        {(d) => (
          <>
            <StatGrid
              label="Moderation counts"
              items={[
                { label: 'Open flags', value: d.flags.open, hint: `${d.flags.resolved} resolved, ${d.flags.dismissed} dismissed` },
                { label: 'Awaiting verification', value: d.verification.pending, hint: `${d.verification.verified} verified, ${d.verification.rejected} rejected` },
                { label: 'Featured', value: d.featured, hint: `of ${d.servers_total} registry servers` },
                { label: 'Reviews', value: d.reviews.total, hint: d.reviews.average_rating == null ? 'no ratings yet' : `average ${d.reviews.average_rating} / 5` },
              ]}
            />
            {d.most_flagged.length > 0 && (
              <p className="hint">
                Most flagged:{' '}
                {d.most_flagged.map((s, index) => (
                  <span key={s.server_name}>
                    {index > 0 && ', '}
                    <Link href={`/admin/servers/${encodeURIComponent(s.server_name)}`}>{s.server_name}</Link> ({s.open_flags})
                  </span>
                ))}
              </p>
            )}
          </>
        )}
      </QueryView>
      {enabled && (
        <>
          <FlagList />
          <VerificationQueue />
          <FeaturedList />
        </>
      )}
    </AdminPage>
  );
}

/** Straight to one server's moderation and analytics page (its reviews, flags, verification). */
function ServerLookup() {
  const [name, setName] = useState('');
  const [, navigate] = useLocation();
  const go = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) navigate(`/admin/servers/${encodeURIComponent(name.trim())}`);
  };
  return (
    <form className="inline-form admin-lookup" onSubmit={go} role="search">
      <label htmlFor="server-lookup">Server</label>
      <input id="server-lookup" type="text" value={name} onChange={(event) => setName(event.target.value)} placeholder="registry name" autoComplete="off" required />
      <button type="submit">Open</button>
    </form>
  );
}
