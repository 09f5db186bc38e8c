import type { Participant } from '@lanparty/contract';
import {
  fullName,
  ParticipantRefusal,
  PresenceSelect,
  StatusSelect,
} from './participant-controls.tsx';
import styles from './participants.module.css';
import { Amount, Email, Missing } from './participants-table.tsx';
import type { ParticipantChanges } from './use-participant-changes.ts';

type ParticipantCardsProps = {
  lanName: string;
  participants: readonly Participant[];
  changes: ParticipantChanges;
};

/**
 * The participants as cards (phones): every field labelled and the controls full width,
 * so nobody scrolls sideways to accept a lanner or mark them present.
 */
export function ParticipantCards({ lanName, participants, changes }: ParticipantCardsProps) {
  return (
    <ul className={styles.cards} aria-label={`Participants of ${lanName}`}>
      {participants.map((participant) => (
        <li
          key={participant.subscriberId}
          className={`${styles.card} ${participant.status === 'Denied' ? styles.denied : ''}`}
        >
          <div className={styles.cardHeading}>
            <h3 className={styles.cardTitle}>{participant.nickname}</h3>
            {participant.isMember ? <span className={styles.memberBadge}>Member</span> : null}
          </div>
          <dl className={styles.cardDetails}>
            <div>
              <dt>Name</dt>
              <dd>{fullName(participant) ?? <Missing />}</dd>
            </div>
            <div>
              <dt>E-mail</dt>
              <dd>
                <Email participant={participant} />
              </dd>
            </div>
            {participant.seat ? (
              <div>
                <dt>Seat</dt>
                <dd>{participant.seat}</dd>
              </div>
            ) : null}
            {participant.waitlistPosition === null ? null : (
              <div>
                <dt>Waitlist</dt>
                <dd>#{participant.waitlistPosition}</dd>
              </div>
            )}
            {participant.amountDue === null ? null : (
              <>
                <div>
                  <dt>Amount due</dt>
                  <dd className={styles.amount}>
                    <Amount value={participant.amountDue} />
                  </dd>
                </div>
                <div>
                  <dt>Paid</dt>
                  <dd className={styles.amount}>
                    <Amount value={participant.amountPaid} />
                  </dd>
                </div>
                <div>
                  <dt>Outstanding</dt>
                  <dd className={styles.amount}>
                    <Amount value={participant.amountOutstanding} isOwedWhenAboveZero />
                  </dd>
                </div>
              </>
            )}
          </dl>
          <div className={styles.cardControls}>
            <div className={styles.cardControl}>
              <span aria-hidden="true">Status</span>
              <StatusSelect participant={participant} changes={changes} />
            </div>
            {participant.status === 'Paid' ? (
              <div className={styles.cardControl}>
                <span aria-hidden="true">Presence</span>
                <PresenceSelect participant={participant} changes={changes} />
              </div>
            ) : null}
          </div>
          <ParticipantRefusal participant={participant} changes={changes} />
        </li>
      ))}
    </ul>
  );
}
