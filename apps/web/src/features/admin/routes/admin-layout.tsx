import { CalendarDays, ScanLine, UserCheck, UsersRound } from 'lucide-react';
import { canManageLans, canManageUsers } from '../../../lib/access-rules.ts';
import { Outlet, useRoute } from '../../../lib/router/index.tsx';
import { useViewer } from '../../../lib/viewer.tsx';
import { NavLink } from '../components/nav-link.tsx';
import styles from './admin-layout.module.css';

/**
 * The lan whose screens are shown (its page or its door), if any: its check-in gets a
 * link of its own while the administrator is there.
 */
function useShownLanId(): string | null {
  const id = useRoute('/admin/lans/:id/*?')[1]?.id;
  return id && /^\d+$/.test(id) ? id : null;
}

/** The frame of the lazily loaded admin section: its own navigation, then the screen. */
export function AdminLayout() {
  const viewer = useViewer();
  const shownLanId = useShownLanId();
  // At the door the Check-in link is the current one, not Lans as well.
  const [isAtDoor] = useRoute('/admin/lans/:id/check-in');
  return (
    <div className={styles.admin}>
      <nav aria-label="Admin" className={styles.nav}>
        <ul className={styles.list}>
          {canManageLans(viewer) ? (
            <li>
              <NavLink to="/admin/lans" end={isAtDoor} className={styles.link}>
                <CalendarDays aria-hidden="true" size={18} />
                Lans
              </NavLink>
            </li>
          ) : null}
          {canManageLans(viewer) && shownLanId ? (
            <li>
              <NavLink to={`/admin/lans/${shownLanId}/check-in`} className={styles.link}>
                <ScanLine aria-hidden="true" size={18} />
                Check-in
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
          {canManageUsers(viewer) ? (
            <li>
              <NavLink to="/admin/sign-ups" className={styles.link}>
                <UserCheck aria-hidden="true" size={18} />
                Sign-ups
              </NavLink>
            </li>
          ) : null}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
