import type { LucideIcon } from 'lucide-react';
import {
  CalendarDays,
  createLucideIcon,
  LogOut,
  Menu,
  Shield,
  Trophy,
  UserRound,
  Users,
  X,
} from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import {
  canManageUsers,
  canSeeAdmin,
  canSeeProfileLink,
  canSeeStats,
} from '../../lib/access-rules.ts';
import { useSession } from '../../lib/auth/session.tsx';
import { Link, useIsNavigating, useLocation, useRoute } from '../../lib/router/index.tsx';
import { useSignUpCount } from '../../lib/users/list-sign-ups.ts';
import { useViewer } from '../../lib/viewer.tsx';
import styles from './site-menu.module.css';

// A pennant for the clans, drawn in one stroke: lucide's flags cost twice the bytes, and
// this bar is on every first screen.
const ClanFlag = createLucideIcon('clans', [['path', { d: 'M6 22V3l13 6-13 6', key: 'p' }]]);

/**
 * Main and user navigation. From 50rem up both sit in the header bar; below that they
 * live in a drawer behind a Menu button, which closes on every navigation and on Escape.
 */
export function SiteMenu() {
  const viewer = useViewer();
  const session = useSession();
  const location = useLocation();
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const isNavigating = useIsNavigating();
  // The drawer remembers the location it was opened at, so any navigation (a new
  // location key, even to the same path) closes it without an effect. It closes as soon
  // as a navigation starts, not only once a lazy screen has loaded.
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const isOpen = openedAt === location.key && !isNavigating;

  useEffect(() => {
    if (!isOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenedAt(null);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [isOpen]);

  const showAdmin = canSeeAdmin(viewer);
  // Those who may verify lanners see how many sign-ups wait for them.
  const signUpCount = useSignUpCount({ isEnabled: canManageUsers(viewer) });
  const showProfile = canSeeProfileLink(viewer);
  const isSignedIn = viewer.user !== null;
  const ToggleIcon = isOpen ? X : Menu;

  return (
    <>
      <button
        ref={toggleRef}
        type="button"
        className={styles.toggle}
        aria-expanded={isOpen}
        aria-controls={menuId}
        onClick={() => setOpenedAt(isOpen ? null : location.key)}
      >
        <ToggleIcon aria-hidden="true" size={20} />
        <span>Menu</span>
      </button>
      <div id={menuId} className={styles.menu} data-open={isOpen}>
        <nav aria-label="Main" className={styles.nav}>
          <ul className={styles.list}>
            <NavItem to="/lans/upcoming" activeFor="/lans/*" icon={CalendarDays}>
              Lans
            </NavItem>
            <NavItem to="/lanners" icon={Users}>
              Lanners
            </NavItem>
            <NavItem to="/clans" activeFor="/clans/*?" icon={ClanFlag}>
              Clans
            </NavItem>
            {canSeeStats(viewer) ? (
              <NavItem to="/stats" activeFor="/stats/*" icon={Trophy}>
                Stats
              </NavItem>
            ) : null}
          </ul>
        </nav>
        {isSignedIn ? (
          <nav aria-label="User" className={`${styles.nav} ${styles.userNav}`}>
            <ul className={styles.list}>
              {showAdmin ? (
                <NavItem
                  to="/admin/lans"
                  activeFor="/admin/*"
                  icon={Shield}
                  badge={signUpCount ? <SignUpCountBadge count={signUpCount} /> : null}
                >
                  Admin
                </NavItem>
              ) : null}
              {showProfile ? (
                <NavItem to="/profile" activeFor="/profile/*?" icon={UserRound}>
                  {viewer.user?.nickname}
                </NavItem>
              ) : null}
              <li>
                <button
                  type="button"
                  className={`${styles.link} ${styles.button}`}
                  onClick={() => void session.signOut()}
                >
                  <LogOut aria-hidden="true" size={18} className={styles.icon} />
                  <span>Sign out</span>
                </button>
              </li>
            </ul>
          </nav>
        ) : null}
      </div>
    </>
  );
}

type NavItemProps = {
  to: string;
  /** The path pattern that marks the link current; `to` when not given. */
  activeFor?: string;
  icon: LucideIcon;
  /** Shown after the label, inside the link. */
  badge?: ReactNode;
  children: ReactNode;
};

function NavItem({ to, activeFor = to, icon: Icon, badge, children }: NavItemProps) {
  const [isActive] = useRoute(activeFor);
  return (
    <li>
      <Link to={to} className={styles.link} aria-current={isActive ? 'page' : undefined}>
        <Icon aria-hidden="true" size={18} className={styles.icon} />
        <span>{children}</span>
        {badge}
      </Link>
    </li>
  );
}

/** The count on the Admin link; its name reads "Admin, 3 sign-ups waiting". */
function SignUpCountBadge({ count }: { count: number }) {
  return (
    <span className={styles.badge}>
      <span aria-hidden="true">{count}</span>
      <span className="visually-hidden">
        , {count === 1 ? '1 sign-up waiting' : `${count} sign-ups waiting`}
      </span>
    </span>
  );
}
