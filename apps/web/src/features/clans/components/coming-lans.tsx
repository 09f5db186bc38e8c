import type { LanSummary } from '@lanparty/contract';
import { formatDisplayDate } from '../../../lib/format-date.ts';
import { Link } from '../../../lib/router/index.tsx';
import styles from './clan-page.module.css';

/** The coming lans a member holds a place at, each a link to its page. */
export function ComingLans({ lans }: { lans: readonly LanSummary[] }) {
  if (lans.length === 0) return <p className={styles.muted}>No coming lans yet.</p>;
  return (
    <div className={styles.lans}>
      <span className={styles.muted}>Coming to</span>
      <ul className={styles.lanList}>
        {lans.map((lan) => (
          <li key={lan.id}>
            <Link to={`/lans/${lan.id}`}>{lan.name}</Link>{' '}
            <span className={styles.muted}>{formatDisplayDate(lan.startDate)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
