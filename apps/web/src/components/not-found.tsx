import type { LucideIcon } from 'lucide-react';
import { Archive, ArrowLeft, CalendarDays, Shield, Trophy, UserRound, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { canSeeAdmin, canSeeProfileLink, canSeeStats } from '../lib/access-rules.ts';
import { Link } from '../lib/router/index.tsx';
import { useViewer } from '../lib/viewer.tsx';
import styles from './not-found.module.css';
import { Page } from './page.tsx';

type NotFoundProps = {
  /** The page's title and heading: "Page not found", "Lan not found". */
  title: string;
  /** What is not there, in a sentence or two. */
  children: ReactNode;
  /** The way back this screen offers first: the list the missing thing would be in. */
  back?: { to: string; label: string };
};

/**
 * What an address shows when there is nothing at it: an unknown path, or a lan or a user
 * that does not exist. It says so once, with no "Try again" (asking again gives the same
 * answer), and leads on to the main sections this viewer may open.
 */
export function NotFound({ title, children, back }: NotFoundProps) {
  const viewer = useViewer();
  return (
    <Page title={title}>
      <div className={styles.text}>{children}</div>
      <nav aria-label="Where to go from here">
        <ul className={styles.links}>
          {back ? (
            <Destination to={back.to} icon={ArrowLeft}>
              {back.label}
            </Destination>
          ) : null}
          {/* The way back may be one of the usual places: it is offered once. */}
          {back?.to === '/lans/upcoming' ? null : (
            <Destination to="/lans/upcoming" icon={CalendarDays}>
              Upcoming lans
            </Destination>
          )}
          {back?.to === '/lans/archive' ? null : (
            <Destination to="/lans/archive" icon={Archive}>
              Past lans
            </Destination>
          )}
          <Destination to="/lanners" icon={Users}>
            Lanners
          </Destination>
          {canSeeStats(viewer) ? (
            <Destination to="/stats/leader-board" icon={Trophy}>
              Leaderboard
            </Destination>
          ) : null}
          {canSeeProfileLink(viewer) ? (
            <Destination to="/profile" icon={UserRound}>
              Your profile
            </Destination>
          ) : null}
          {canSeeAdmin(viewer) ? (
            <Destination to="/admin" icon={Shield}>
              Admin
            </Destination>
          ) : null}
        </ul>
      </nav>
    </Page>
  );
}

function Destination({
  to,
  icon: Icon,
  children,
}: {
  to: string;
  icon: LucideIcon;
  children: ReactNode;
}) {
  return (
    <li>
      <Link to={to} className={styles.link}>
        <Icon aria-hidden="true" size={18} />
        {children}
      </Link>
    </li>
  );
}
