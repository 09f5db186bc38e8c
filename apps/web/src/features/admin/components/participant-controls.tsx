import type { Participant, SubscriberStatus } from '@lanparty/contract';
import { subscriberStatusOrder } from '@lanparty/contract/rules';
import controls from '../../../components/controls.module.css';
import styles from './participants.module.css';
import type { ParticipantChanges } from './use-participant-changes.ts';

type ControlProps = { participant: Participant; changes: ParticipantChanges };

/** The status of a participant, changed in place. */
export function StatusSelect({ participant, changes }: ControlProps) {
  return (
    <select
      className={`${controls.input} ${styles.select}`}
      aria-label={`Status of ${participant.nickname}`}
      value={participant.status}
      disabled={changes.isBusy(participant)}
      aria-invalid={changes.refusalOf(participant) ? true : undefined}
      onChange={(event) =>
        changes.change(participant, { status: event.target.value as SubscriberStatus })
      }
    >
      {subscriberStatusOrder.map((status) => (
        <option key={status} value={status}>
          {status}
        </option>
      ))}
    </select>
  );
}

/** Present or absent, for Paid participants only (spec §4); a dash for the others. */
export function PresenceSelect({ participant, changes }: ControlProps) {
  if (participant.status !== 'Paid') {
    return (
      <span className={controls.hint}>
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">Not paid</span>
      </span>
    );
  }
  return (
    <select
      className={`${controls.input} ${styles.select}`}
      aria-label={`Presence of ${participant.nickname}`}
      value={participant.present === null ? '' : String(participant.present)}
      disabled={changes.isBusy(participant)}
      onChange={(event) => changes.change(participant, { present: event.target.value === 'true' })}
    >
      <option value="" disabled>
        Unknown
      </option>
      <option value="true">Present</option>
      <option value="false">Absent</option>
    </select>
  );
}

/** The refusal of a change, said beside the participant it is about. */
export function ParticipantRefusal({ participant, changes }: ControlProps) {
  const refusal = changes.refusalOf(participant);
  if (!refusal) return null;
  return (
    <p className={controls.alert} role="alert">
      {refusal}
    </p>
  );
}

/** First name and surname, or null when neither is known. */
export function fullName({ firstName, surname }: Participant): string | null {
  return [firstName, surname].filter(Boolean).join(' ') || null;
}
