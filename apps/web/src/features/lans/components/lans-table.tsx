import type { Lan } from '@lanparty/contract';
import { countTakenPlaces } from '@lanparty/contract/rules';
import badge from '../../../components/badge.module.css';
import table from '../../../components/data-table.module.css';
import { formatDisplayDate } from '../../../lib/format-date.ts';
import { Link } from '../../../lib/router/index.tsx';
import styles from './admin-lans.module.css';

/** The subscriptions still waiting for an administrator. */
export function countPending(lan: Lan): number {
  return lan.subscribers.filter(({ status }) => status === 'Pending').length;
}

/** Every lan for the administrator, newest first, with its state and subscriber counts. */
export function LansTable({ lans }: { lans: Lan[] }) {
  return (
    <div className={table.scroller}>
      <table className={table.table}>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Start</th>
            <th scope="col">End</th>
            <th scope="col">State</th>
            <th scope="col" className={table.number}>
              Lanners
            </th>
            <th scope="col" className={table.number}>
              Pending
            </th>
          </tr>
        </thead>
        <tbody>
          {lans.map((lan) => (
            <tr key={lan.id}>
              <th scope="row">
                <Link to={`/admin/lans/${lan.id}`}>{lan.name}</Link>
              </th>
              <td className={styles.nowrap}>{formatDisplayDate(lan.startDate)}</td>
              <td className={styles.nowrap}>{formatDisplayDate(lan.endDate)}</td>
              <td>
                <ActiveBadge isActive={lan.isActive} />
              </td>
              <td className={table.number}>
                {countTakenPlaces(lan.subscribers)} / {lan.maximumSubcribers}
              </td>
              <td className={table.number}>{countPending(lan)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ActiveBadge({ isActive }: { isActive: boolean }) {
  return (
    <span className={`${badge.badge} ${isActive ? badge.active : badge.inactive}`}>
      {isActive ? 'Active' : 'Inactive'}
    </span>
  );
}
