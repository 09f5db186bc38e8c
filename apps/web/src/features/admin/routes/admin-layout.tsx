import { CalendarDays, UsersRound } from 'lucide-react';
import { NavLink, Outlet } from 'react-router';
import { canManageLans, canManageUsers } from '../../../lib/access-rules.ts';
import { useViewer } from '../../../lib/viewer.tsx';
import styles from './admin-layout.module.css';

/** The frame of the lazily loaded admin section: its own navigation, then the screen. */
export function AdminLayout() {
  const viewer = useViewer();
  return (
    <div className={styles.admin}>
      <nav aria-label="Admin" className={styles.nav}>
        <ul className={styles.list}>
          {canManageLans(viewer) ? (
            <li>
              <NavLink to="/admin/lans" className={styles.link}>
                <CalendarDays aria-hidden="true" size={18} />
                Lans
              </NavLink>
            </li>
          ) : null}
          {canManageUsers(viewer) ? (
            <li>
              <NavLink to="/admin/users" className={styles.link}>
                <UsersRound aria-hidden="true" size={18} />
                Users
              </NavLink>
            </li>
          ) : null}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
