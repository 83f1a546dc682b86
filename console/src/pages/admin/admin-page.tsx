import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { ApiError } from '../../api/client.ts';
import { isAdmin, useSession } from '../../api/session.ts';
import { Page } from '../../ui/page.tsx';

/**
 * An admin page: when the service refuses its first request with 403 (a person without the
 * admin role who typed the address), the page says so plainly instead of showing its parts.
 */
export function AdminPage({ title, primary, actions, children }: { title: string; primary: UseQueryResult<unknown>; actions?: ReactNode; children: ReactNode }) {
  const refused = primary.error instanceof ApiError && primary.error.status === 403 ? primary.error : undefined;
  return (
    <Page title={title} actions={refused ? undefined : actions}>
      {refused ? <Refusal error={refused} /> : children}
    </Page>
  );
}

function Refusal({ error }: { error: ApiError }) {
  return (
    <div className="state state-error admin-refusal" role="alert">
      <p>
        <strong>This page is for administrators.</strong> Your account does not have the admin role, so the service refused to show it.
      </p>
      <p>
        The service answered: <code className="error-code">{error.code}</code> {error.message}
      </p>
      <p>
        Ask an administrator to change your role if you need it, or <Link href="/discover">go back to Discover</Link>.
      </p>
    </div>
  );
}

/**
 * The page's other requests wait for nothing when the signed-in person is an admin; for anyone
 * else only the first request is made, whose 403 the page shows (no needless calls).
 */
export function useAdminEnabled(): boolean {
  return isAdmin(useSession());
}
