import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client.ts';
import { useSession } from '../../api/session.ts';
import { DataTable } from '../../ui/data-table.tsx';
import type { Column } from '../../ui/data-table.tsx';
import { ErrorNotice, QueryView } from '../../ui/states.tsx';
import { AdminPage } from './admin-page.tsx';
import { day } from '../../ui/format.ts';
import { Pager } from './pager.tsx';
import { ROLES } from './types.ts';
import type { Role, UserRecord } from './types.ts';

const LIMIT = 25;
// Each row is a UserRow, with its own role form.
const userColumns: Column<UserRecord>[] = [{ header: 'E-mail' }, { header: 'Plan' }, { header: 'Since' }, { header: 'Role' }];

/** /admin/users: every account with its plan and role; an admin changes a role (PATCH /admin/users/{id}/role). */
export function UsersPage() {
  const [offset, setOffset] = useState(0);
  const [done, setDone] = useState<string>();
  const users = useQuery({ queryKey: ['admin', 'users', offset], queryFn: () => api.get('/admin/users', { query: { limit: LIMIT, offset } }) });
  return (
    <AdminPage title="Users" primary={users}>
      {done && (
        <p className="notice" role="status">
          {done}
        </p>
      )}
      <QueryView query={users} isEmpty={(d) => d.users.length === 0} empty="No users yet.">
        {(d) => (
          <>
            <DataTable label="Users" columns={userColumns} rows={d.users} renderRow={(user) => <UserRow key={user.id} user={user} onDone={setDone} />} />
            <Pager page={d.pagination} onOffset={setOffset} label="Users" />
          </>
        )}
      </QueryView>
    </AdminPage>
  );
}

function UserRow({ user, onDone }: { user: UserRecord; onDone: (message: string) => void }) {
  const client = useQueryClient();
  const me = useSession()?.user.id === user.id;
  const [role, setRole] = useState<Role>(user.role);
  const change = useMutation({
    mutationFn: (next: Role) => api.patch('/admin/users/{user_id}/role', { params: { user_id: user.id }, body: { role: next } }),
    onSuccess: async (answer) => {
      onDone(`${answer.email} is now ${answer.role === 'admin' ? 'an admin' : 'a user'}.`);
      await client.invalidateQueries({ queryKey: ['admin', 'users'] });
    },
  });
  const selectId = `role-${user.id}`;
  return (
    <tr data-testid="user-row" data-email={user.email}>
      <th scope="row">
        {user.email}
        {me && <span className="hint"> (you)</span>}
      </th>
      <td>{user.plan}</td>
      <td>{day(user.created_at)}</td>
      <td>
        <div className="inline-form admin-role">
          <label htmlFor={selectId} className="visually-hidden">
            Role of {user.email}
          </label>
          <select id={selectId} value={role} onChange={(event) => setRole(event.target.value as Role)}>
            {ROLES.map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </select>
          <button type="button" className="secondary" disabled={role === user.role || change.isPending} onClick={() => change.mutate(role)} aria-label={`Change the role of ${user.email}`}>
            Change
          </button>
        </div>
        {me && role !== user.role && <p className="hint">Taking the admin role from yourself closes these pages to you.</p>}
        {change.isError && <ErrorNotice error={change.error} />}
      </td>
    </tr>
  );
}
