import type { UserPublic } from '@lanparty/contract';
import table from '../../../components/data-table.module.css';
import { Link } from '../../../lib/router/index.tsx';
import { roleLabel } from './role-editor.tsx';
import styles from './users-table.module.css';

/** Users with their roles and visits; each nickname opens the user. */
export function UsersTable({ users }: { users: readonly UserPublic[] }) {
  return (
    <div className={table.scroller}>
      <table className={table.table}>
        <thead>
          <tr>
            <th scope="col">Nickname</th>
            <th scope="col">Roles</th>
            <th scope="col" className={table.number}>
              Lans visited
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id}>
              <th scope="row">
                <Link to={`/admin/users/${user.id}`}>{user.nickname}</Link>
              </th>
              <td>
                {user.roles.length > 0 ? (
                  <ul className={styles.roles}>
                    {user.roles.map((role) => (
                      <li key={role} className={styles.role}>
                        {roleLabel(role)}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <span className={styles.none}>No roles</span>
                )}
              </td>
              <td className={table.number}>{user.stats.numberOfLans ?? 'Hidden'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
