import type { Subscriber } from '@lanparty/contract';
import { sortSubscribers } from '@lanparty/contract/rules';
import { Check, X } from 'lucide-react';
import { ClanTag } from '../../../components/clan-tag.tsx';
import { PresenceIcon, SubscriberStatusIcon } from '../../../components/subscriber-status.tsx';
import { formatDisplayDate } from '../../../lib/format-date.ts';
import styles from './subscriber-table.module.css';

type SubscriberTableProps = {
  subscribers: readonly Subscriber[];
};

/** A Pending subscriber on a full lan's waitlist reads as their place on it. */
function statusName(subscriber: Subscriber): string {
  return subscriber.waitlistPosition === null
    ? subscriber.status
    : `Waitlist ${subscriber.waitlistPosition}`;
}

/**
 * Spec §2: #, Nickname, Member, Status, Subscribed on; sorted by status then nickname;
 * Denied rows marked bad (for everyone: issue 50 §1); presence only for Paid (spec §4), as
 * present, absent or unknown. Every icon has its name, in words beside the status icons (a
 * phone has no hover). On a phone each row becomes two lines (the CSS); browsers keep a
 * table's meaning for screen readers when its display changes.
 */
export function SubscriberTable({ subscribers }: SubscriberTableProps) {
  if (subscribers.length === 0) return <p className={styles.empty}>Nobody has subscribed yet.</p>;
  return (
    // A scrolling box must be reachable by keyboard to be scrolled without a mouse.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the region scrolls sideways on phones
    <section className={styles.scroller} aria-label="Subscribers" tabIndex={0} id="subscribers">
      <h3 className={styles.heading}>Subscribers</h3>
      <table className={styles.table}>
        <caption className="visually-hidden">Subscribers</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Nickname</th>
            <th scope="col">Member</th>
            <th scope="col">Status</th>
            <th scope="col">Subscribed on</th>
          </tr>
        </thead>
        <tbody>
          {sortSubscribers(subscribers).map((subscriber, index) => {
            const isMember = subscriber.user.roles.includes('Member');
            const isDenied = subscriber.status === 'Denied';
            return (
              <tr key={subscriber.id} className={isDenied ? styles.bad : undefined}>
                <td>{index + 1}</td>
                <td className={styles.nickname}>
                  {subscriber.user.nickname}
                  <ClanTag clan={subscriber.user.clan} />
                </td>
                <td>
                  {isMember ? (
                    <>
                      <Check size={18} role="img" aria-label="member" className={styles.yes} />
                      {/* On a phone, without the header row in sight, the tick says what it is. */}
                      <span className={styles.memberWord} aria-hidden="true">
                        member
                      </span>
                    </>
                  ) : (
                    <X size={18} role="img" aria-label="not a member" className={styles.no} />
                  )}
                </td>
                <td>
                  <span className={styles.status}>
                    <SubscriberStatusIcon
                      status={subscriber.status}
                      name={statusName(subscriber)}
                      isNamed
                    />
                    {subscriber.status === 'Paid' ? (
                      <PresenceIcon present={subscriber.present} isNamed />
                    ) : null}
                  </span>
                </td>
                <td>{formatDisplayDate(subscriber.creationDate)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
