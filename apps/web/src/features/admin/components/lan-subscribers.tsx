import type { Lan, Subscriber, SubscriberStatus } from '@lanparty/contract';
import { countTakenPlaces, sortSubscribers, subscriberStatusOrder } from '@lanparty/contract/rules';
import { Check, X } from 'lucide-react';
import { Fragment, useState } from 'react';
import controls from '../../../components/controls.module.css';
import { describeError } from '../../../lib/api-client.ts';
import { formatDisplayDate } from '../../../lib/format-date.ts';
import { type SubscriberChange, useChangeSubscriber } from '../api/change-subscriber.ts';
import styles from './admin-lans.module.css';
import table from './users-table.module.css';

/**
 * The subscribers of a lan with a status control per row, and a presence control for Paid
 * ones (spec §4). A refusal (the lan is full, …) shows right under the row it is about.
 */
export function LanSubscribers({ lan }: { lan: Lan }) {
  const changeSubscriber = useChangeSubscriber();
  const [refusals, setRefusals] = useState<ReadonlyMap<number, string>>(new Map());
  const subscribers = sortSubscribers(lan.subscribers);
  const busyId = changeSubscriber.isPending ? changeSubscriber.variables.subscriberId : null;

  function change(subscriber: Subscriber, change: SubscriberChange) {
    setRefusal(subscriber.id, null);
    changeSubscriber.mutate(change, {
      onError: (error) =>
        setRefusal(
          subscriber.id,
          `${subscriber.user.nickname} could not be changed: ${describeError(error)}`,
        ),
    });
  }

  function setRefusal(id: number, message: string | null) {
    setRefusals((current) => {
      const next = new Map(current);
      if (message) next.set(id, message);
      else next.delete(id);
      return next;
    });
  }

  if (subscribers.length === 0) return <p className={controls.hint}>Nobody has subscribed yet.</p>;
  return (
    <>
      <p className={controls.hint}>
        {countTakenPlaces(lan.subscribers)} of {lan.maximumSubcribers} places taken (Accepted and
        Paid).
      </p>
      <div className={table.scroller}>
        <table className={`${table.table} ${styles.subscribers}`}>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Nickname</th>
              <th scope="col">Member</th>
              <th scope="col">Status</th>
              <th scope="col">Presence</th>
              <th scope="col">Subscribed on</th>
            </tr>
          </thead>
          <tbody>
            {subscribers.map((subscriber, index) => {
              const refusal = refusals.get(subscriber.id);
              const isBusy = busyId === subscriber.id;
              const isMember = subscriber.user.roles.includes('Member');
              return (
                <Fragment key={subscriber.id}>
                  <tr
                    className={
                      [
                        subscriber.status === 'Denied' ? styles.denied : '',
                        refusal ? styles.hasRefusal : '',
                      ]
                        .join(' ')
                        .trim() || undefined
                    }
                  >
                    <td className={`${table.number} ${styles.index}`}>{index + 1}</td>
                    <th scope="row" className={styles.nickname}>
                      {subscriber.user.nickname}
                    </th>
                    <td className={styles.member}>
                      {isMember ? (
                        <Check aria-label="Member" size={18} />
                      ) : (
                        <X aria-label="Not a member" size={18} />
                      )}
                    </td>
                    <td>
                      <select
                        className={`${controls.input} ${styles.select}`}
                        aria-label={`Status of ${subscriber.user.nickname}`}
                        value={subscriber.status}
                        disabled={isBusy}
                        aria-invalid={refusal ? true : undefined}
                        onChange={(event) =>
                          change(subscriber, {
                            subscriberId: subscriber.id,
                            lanId: lan.id,
                            status: event.target.value as SubscriberStatus,
                          })
                        }
                      >
                        {subscriberStatusOrder.map((status) => (
                          <option key={status} value={status}>
                            {status}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td>
                      {subscriber.status === 'Paid' ? (
                        <select
                          className={`${controls.input} ${styles.select}`}
                          aria-label={`Presence of ${subscriber.user.nickname}`}
                          value={subscriber.present === null ? '' : String(subscriber.present)}
                          disabled={isBusy}
                          onChange={(event) =>
                            change(subscriber, {
                              subscriberId: subscriber.id,
                              lanId: lan.id,
                              present: event.target.value === 'true',
                            })
                          }
                        >
                          <option value="" disabled>
                            Unknown
                          </option>
                          <option value="true">Present</option>
                          <option value="false">Absent</option>
                        </select>
                      ) : (
                        <span className={controls.hint}>—</span>
                      )}
                    </td>
                    <td className={`${styles.nowrap} ${styles.subscribedOn}`}>
                      {formatDisplayDate(subscriber.creationDate)}
                    </td>
                  </tr>
                  {refusal ? (
                    <tr className={styles.refusal}>
                      <td colSpan={6}>
                        <p className={controls.alert} role="alert">
                          {refusal}
                        </p>
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
