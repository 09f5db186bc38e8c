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
import { lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import {
  canManageUsers,
  canSeeAdmin,
  canSeeProfileLink,
  canSeeStats,
} from '../../lib/access-rules.ts';
import { useSession } from '../../lib/auth/session.tsx';
import { useUnseenNotices } from '../../lib/notices/get-notices.ts';
import { Link, useIsNavigating, useLocation, useRoute } from '../../lib/router/index.tsx';
import { useViewer } from '../../lib/viewer.tsx';
import { CountBadge } from './count-badge.tsx';
import styles from './site-menu.module.css';

// A pennant for the clans, drawn in one stroke: lucide's flags cost twice the bytes, and
// this bar is on every first screen.
const ClanFlag = createLucideIcon('clans', [['path', { d: 'M6 22V3l13 6-13 6', key: 'p' }]]);
// The count of sign-ups waiting, for those who verify lanners: its read and code come with
// its own chunk, so nobody else's first screen carries them.
const SignUpCount = lazy(() =>
  import('./sign-up-count.tsx').then((module) => ({ default: module.SignUpCount })),
);

// A bell for the notices, drawn the same way.
const Bell = createLucideIcon('notices', [
  ['path', { d: 'M6 17V9a6 6 0 0 1 12 0v8l2 2H4zm4 4h4', key: 'p' }],
]);

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
  const showProfile = canSeeProfileLink(viewer);
  const isSignedIn = viewer.user !== null;
  const unseen = useUnseenNotices(isSignedIn);
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
        {/* On a phone the bell is in the drawer: its count shows on the button too. */}
        {unseen ? <CountBadge count={unseen} one="new notice" many="new notices" /> : null}
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
                  badge={
                    // Those who may verify lanners see how many sign-ups wait for them.
                    canManageUsers(viewer) ? (
                      <Suspense fallback={null}>
                        <SignUpCount />
                      </Suspense>
                    ) : null
                  }
                >
                  Admin
                </NavItem>
              ) : null}
              <NavItem
                to="/notices"
                icon={Bell}
                badge={unseen ? <CountBadge count={unseen} one="new" many="new" /> : null}
              >
                Notices
              </NavItem>
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
