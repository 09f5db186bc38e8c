import { CloudOff, RefreshCw } from 'lucide-react';
import { readCommunityClock } from '../../../lib/format-date.ts';
import { describeFirstCheckIn } from '../components/check-in-outcome.ts';
import type { SyncedScan } from './door-sync.ts';
import styles from './door-sync-status.module.css';
import type { OfflineDoor } from './use-offline-door.ts';

/**
 * Where the door stands offline (issue 53 §2): the door list kept on the phone and when it
 * was read, the scans waiting to be sent, and what the scans sent came to where it is news
 * (a ticket another door had checked in first, a refusal). A status region: each change
 * is read out.
 */
export function DoorSyncStatus({ door }: { door: OfflineDoor }) {
  const { list, queued, isSyncing, synced } = door;
  const notable = synced.filter(isNotable);
  const asOf = list ? readCommunityClock(list.asOf).time : null;
  return (
    <section className={styles.status} aria-label="Offline check-in">
      <div role="status">
        {queued > 0 ? (
          <p className={styles.line}>
            {isSyncing ? (
              <RefreshCw aria-hidden="true" size={18} />
            ) : (
              <CloudOff aria-hidden="true" size={18} />
            )}
            <span>
              <strong>
                {queued} {queued === 1 ? 'scan' : 'scans'} {isSyncing ? 'being sent…' : 'to send'}
              </strong>{' '}
              when the site answers; checked against the door list of {asOf}.
            </span>
          </p>
        ) : asOf ? (
          <p className={styles.quiet}>
            Door list of {asOf} kept on this phone: tickets are checked offline too.
          </p>
        ) : null}
      </div>
      {notable.length > 0 ? (
        <div className={styles.synced}>
          <h2 className={styles.heading}>Sent from offline</h2>
          <ul className={styles.list}>
            {notable.map((each) => (
              <li key={`${each.scan.id}-${each.scan.scannedAt}`}>{describeSynced(each)}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/** A scan sent that is news to the door: refused, or another door had it first. */
function isNotable(scan: SyncedScan): boolean {
  return scan.kind === 'refused' || scan.result.alreadyPresent || !!scan.result.laterScan;
}

function describeSynced(scan: SyncedScan): string {
  if (scan.kind === 'refused') return `Not checked in: ${scan.message}`;
  const { subscriber, alreadyPresent, laterScan } = scan.result;
  if (alreadyPresent)
    return `${subscriber.nickname}: already in. ${describeFirstCheckIn(subscriber)}: passed on?`;
  if (!laterScan) return `${subscriber.nickname}: in.`;
  const by = laterScan.checkedInBy ? ` by ${laterScan.checkedInBy}` : '';
  const at = readCommunityClock(laterScan.checkedInAt).time;
  return `${subscriber.nickname}: in; scanned again at ${at}${by}: passed on?`;
}
