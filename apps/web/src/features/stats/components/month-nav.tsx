import { Archive, ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from '../../../lib/router/index.tsx';
import { leaderboardPath } from '../stats-paths.ts';
import { findNeighbourMonths, formatMonth } from '../stats-rules.ts';
import styles from './month-nav.module.css';

type MonthNavProps = {
  /** The month shown (yyyy-MM-01). */
  month: string;
  /** The months that have data, newest first. */
  months: readonly string[];
};

/** Previous and next month among the months that have data, and the archive. */
export function MonthNav({ month, months }: MonthNavProps) {
  const { older, newer } = findNeighbourMonths(months, month);
  return (
    <nav className={styles.nav} aria-label="Leaderboard months">
      {older ? (
        <Link className={styles.link} to={leaderboardPath(older)} rel="prev">
          <ChevronLeft size={18} aria-hidden="true" />
          <span className="visually-hidden">Previous month:</span> {formatMonth(older)}
        </Link>
      ) : (
        <span />
      )}
      <Link className={styles.archive} to="/stats/leader-board/archive">
        <Archive size={18} aria-hidden="true" />
        Archive
      </Link>
      {newer ? (
        <Link className={`${styles.link} ${styles.next}`} to={leaderboardPath(newer)} rel="next">
          <span className="visually-hidden">Next month:</span> {formatMonth(newer)}
          <ChevronRight size={18} aria-hidden="true" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
