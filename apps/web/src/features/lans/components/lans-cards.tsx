import type { Lan } from '@lanparty/contract';
import { countTakenPlaces } from '@lanparty/contract/rules';
import { formatDisplayDate } from '../../../lib/format-date.ts';
import { Link } from '../../../lib/router/index.tsx';
import styles from './admin-lans.module.css';
import { ActiveBadge, countPending } from './lans-table.tsx';

/**
 * Every lan for the administrator as cards (phones): what the table's columns say, each
 * labelled, so nothing scrolls sideways.
 */
export function LansCards({ lans }: { lans: Lan[] }) {
  return (
    <ul className={styles.cards} aria-label="Lans">
      {lans.map((lan) => (
        <li key={lan.id} className={styles.card}>
          <div className={styles.cardHeading}>
            <h3 className={styles.cardTitle}>
              <Link to={`/admin/lans/${lan.id}`}>{lan.name}</Link>
            </h3>
            <ActiveBadge isActive={lan.isActive} />
          </div>
          <dl className={styles.cardDetails}>
            <div>
              <dt>Dates</dt>
              <dd>
                <span className={styles.nowrap}>{formatDisplayDate(lan.startDate)}</span> –{' '}
                <span className={styles.nowrap}>{formatDisplayDate(lan.endDate)}</span>
              </dd>
            </div>
            <div>
              <dt>Lanners</dt>
              <dd>
                {countTakenPlaces(lan.subscribers)} / {lan.maximumSubcribers}
              </dd>
            </div>
            <div>
              <dt>Pending</dt>
              <dd>{countPending(lan)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
