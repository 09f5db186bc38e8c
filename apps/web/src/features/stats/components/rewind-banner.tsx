import { Rewind } from 'lucide-react';
import { Link } from '../../../lib/router/index.tsx';
import { rewindPath } from '../stats-paths.ts';
import styles from './rewind-banner.module.css';

/** Spec §2: shown on a leaderboard when its year has a rewind. */
export function RewindBanner({ year }: { year: number }) {
  return (
    <Link className={styles.banner} to={rewindPath(year)}>
      <Rewind className={styles.icon} size={28} aria-hidden="true" />
      <span className={styles.text}>
        <strong>Rewind {year}</strong>
        <span className={styles.hint}>Relive our year in games: who played what, and when.</span>
      </span>
    </Link>
  );
}
