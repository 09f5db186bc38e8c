import type { UserPublic } from '@lanparty/contract';
import { Link } from '../../../lib/router/index.tsx';
import { roleLabel } from './role-editor.tsx';
import styles from './users-table.module.css';

/** Users with their roles and visits; each nickname opens the user. */
export function UsersTable({ users }: { users: readonly UserPublic[] }) {
  return (
    <div className={styles.scroller}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Nickname</th>
            <th scope="col">Roles</th>
            <th scope="col" className={styles.number}>
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
              <td className={styles.number}>{user.stats.numberOfLans ?? 'Hidden'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
