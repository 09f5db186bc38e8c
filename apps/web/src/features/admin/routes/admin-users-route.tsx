import { type Role, roleNames } from '@lanparty/contract';
import { personMatchesSearch } from '@lanparty/contract/rules';
import forms from '../../../components/forms.module.css';
import { Page } from '../../../components/page.tsx';
import { Pager } from '../../../components/pager.tsx';
import { QueryStatus } from '../../../components/query-status.tsx';
import { useSearchParams } from '../../../lib/router/index.tsx';
import { useAllUsers } from '../../../lib/users/list-users.ts';
import { roleLabel } from '../components/role-editor.tsx';
import { UsersTable } from '../components/users-table.tsx';
import styles from './admin-users-route.module.css';

export const USERS_PAGE_SIZE = 20;

function readRole(value: string | null): Role | null {
  return roleNames.find((role) => role === value) ?? null;
}

/**
 * admin/users: every user (all pages read, filtered by role on the server), searched by
 * nickname here (case and accents aside), twenty to a page. Search, role and page live in the address, so going
 * back from a user returns to the same list.
 */
export function AdminUsersRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.get('q') ?? '';
  const role = readRole(searchParams.get('role'));
  const users = useAllUsers(role ? { roles: [role] } : {});

  // The door's one rule of finding people (case and accents aside): by nickname here, the
  // list's only name.
  const all = users.data ?? [];
  const matches =
    search.trim() === '' ? all : all.filter((user) => personMatchesSearch(user, search));
  const pageCount = Math.max(1, Math.ceil(matches.length / USERS_PAGE_SIZE));
  const page = Math.min(Math.max(1, Number(searchParams.get('page')) || 1), pageCount);
  const shown = matches.slice((page - 1) * USERS_PAGE_SIZE, page * USERS_PAGE_SIZE);

  function update(changes: Record<string, string | null>) {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        return next;
      },
      { replace: true },
    );
  }

  return (
    <Page title="Manage users" lead="Find a user, see their profile, and grant or revoke roles.">
      <div className={styles.filters}>
        <div className={forms.field}>
          <label className={forms.label} htmlFor="users-search">
            Search by nickname
          </label>
          <input
            id="users-search"
            className={forms.input}
            type="search"
            value={search}
            onChange={(event) => update({ q: event.target.value, page: null })}
          />
        </div>
        <div className={forms.field}>
          <label className={forms.label} htmlFor="users-role">
            Role
          </label>
          <select
            id="users-role"
            className={forms.input}
            value={role ?? ''}
            onChange={(event) => update({ role: event.target.value, page: null })}
          >
            <option value="">All users</option>
            {roleNames.map((name) => (
              <option key={name} value={name}>
                {roleLabel(name)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <QueryStatus query={users} failure="The users could not be loaded." />
      {users.data ? (
        <>
          <p className={forms.hint} role="status">
            {matches.length === 1 ? '1 user' : `${matches.length} users`}
          </p>
          {matches.length > 0 ? <UsersTable users={shown} /> : <p>No user matches.</p>}
          <Pager
            page={page}
            pageCount={pageCount}
            onGoTo={(next) => update({ page: String(next) })}
          />
        </>
      ) : null}
    </Page>
  );
}
