import type { Participant } from '@lanparty/contract';
import { personMatchesSearch } from '@lanparty/contract/rules';
import { UserCheck } from 'lucide-react';
import { useId, useState } from 'react';
import controls from '../../../components/controls.module.css';
import forms from '../../../components/forms.module.css';
import section from '../../../components/section.module.css';
import { SubscriberStatusIcon } from '../../../components/subscriber-status.tsx';
import styles from './check-in.module.css';

type ParticipantSearchProps = {
  participants: readonly Participant[];
  isChecking: boolean;
  onCheckIn: (participant: Participant & { checkInCode: string }) => void;
};

function hasCheckInCode(
  participant: Participant,
): participant is Participant & { checkInCode: string } {
  return participant.checkInCode !== null;
}

/**
 * For whoever has no phone with them: find the participant by nickname or name (case and
 * accents ignored) and check in their ticket's code. Only those with a ticket (Accepted,
 * Paid) have a code to check.
 */
export function ParticipantSearch({ participants, isChecking, onCheckIn }: ParticipantSearchProps) {
  const inputId = useId();
  const [search, setSearch] = useState('');
  const needle = search.trim();
  const matches = needle
    ? participants.filter((participant) => personMatchesSearch(participant, needle))
    : [];

  return (
    <section className={section.section} aria-labelledby="check-in-search">
      <h2 id="check-in-search" className={section.sectionTitle}>
        Find by name
      </h2>
      <div className={forms.field}>
        <label className={forms.label} htmlFor={inputId}>
          Nickname or name
        </label>
        <input
          id={inputId}
          className={`${forms.input} ${styles.bigInput}`}
          type="search"
          autoComplete="off"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      {needle && matches.length === 0 ? <p>No participant matches.</p> : null}
      {matches.length > 0 ? (
        <ul className={styles.matches} aria-label="Participants found">
          {matches.map((participant) => (
            <li key={participant.subscriberId} className={styles.match}>
              <div className={styles.matchName}>
                <span className={styles.matchNickname}>{participant.nickname}</span>
                <span className={forms.hint}>
                  {[participant.firstName, participant.surname].filter(Boolean).join(' ')}
                </span>
              </div>
              <span className={styles.matchStatus}>
                <span className={styles.status}>
                  <SubscriberStatusIcon status={participant.status} />
                  {/* The icon names the status for screen readers already. */}
                  <span aria-hidden="true">{participant.status}</span>
                </span>
                {participant.present ? (
                  <span className={styles.present}>
                    <UserCheck aria-hidden="true" size={18} />
                    Present
                  </span>
                ) : null}
              </span>
              {hasCheckInCode(participant) ? (
                <button
                  type="button"
                  className={`${controls.button} ${styles.matchButton}`}
                  disabled={isChecking}
                  onClick={() => onCheckIn(participant)}
                >
                  Check in <span className="visually-hidden">{participant.nickname}</span>
                </button>
              ) : (
                <span className={forms.hint}>No ticket</span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
