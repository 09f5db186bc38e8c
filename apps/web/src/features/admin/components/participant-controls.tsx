import type { Participant, SubscriberStatus } from '@lanparty/contract';
import { denialReasonMaximum, subscriberStatusOrder } from '@lanparty/contract/rules';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import controls from '../../../components/controls.module.css';
import forms from '../../../components/forms.module.css';
import styles from './participants.module.css';
import type { ParticipantChanges } from './use-participant-changes.ts';

type ControlProps = { participant: Participant; changes: ParticipantChanges };

/**
 * The status of a participant, changed in place. Denying asks first, with room for a
 * reason that goes in the mail telling them.
 */
export function StatusSelect({ participant, changes }: ControlProps) {
  const [isDenying, setIsDenying] = useState(false);
  return (
    <>
      <select
        className={`${forms.input} ${styles.select}`}
        aria-label={`Status of ${participant.nickname}`}
        value={participant.status}
        disabled={changes.isBusy(participant)}
        aria-invalid={changes.refusalOf(participant) ? true : undefined}
        onChange={(event) => {
          const status = event.target.value as SubscriberStatus;
          if (status === 'Denied') setIsDenying(true);
          else changes.change(participant, { status });
        }}
      >
        {subscriberStatusOrder.map((status) => (
          <option key={status} value={status}>
            {status}
          </option>
        ))}
      </select>
      {isDenying ? (
        <DenyDialog
          participant={participant}
          onDeny={(reason) => {
            setIsDenying(false);
            changes.change(
              participant,
              reason ? { status: 'Denied', reason } : { status: 'Denied' },
            );
          }}
          onCancel={() => setIsDenying(false)}
        />
      ) : null}
    </>
  );
}

/** Deny with an optional reason (plain text): the lanner's mail carries it. */
function DenyDialog({
  participant,
  onDeny,
  onCancel,
}: {
  participant: Participant;
  onDeny: (reason: string) => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  const id = useId();
  return (
    <ConfirmDialog
      isOpen
      title={`Deny ${participant.nickname}?`}
      confirmLabel="Deny"
      onConfirm={() => onDeny(reason.trim())}
      onCancel={onCancel}
    >
      <p>
        {participant.emailVerified
          ? `${participant.nickname} is mailed that they were denied, a minute from now, with your reason if you give one. Changed back within that minute, nothing is sent.`
          : `${participant.nickname} has no verified e-mail address, so nobody is mailed.`}
      </p>
      <div className={forms.field}>
        <label className={forms.label} htmlFor={`${id}-reason`}>
          Reason (optional)
        </label>
        <textarea
          id={`${id}-reason`}
          className={forms.input}
          rows={3}
          maxLength={denialReasonMaximum}
          aria-describedby={`${id}-reason-hint`}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <p id={`${id}-reason-hint`} className={forms.hint}>
          Plain text, at most {denialReasonMaximum} characters.
        </p>
      </div>
    </ConfirmDialog>
  );
}

/** Present or absent, for Paid participants only (spec §4); a dash for the others. */
export function PresenceSelect({ participant, changes }: ControlProps) {
  if (participant.status !== 'Paid') {
    return (
      <span className={forms.hint}>
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">Not paid</span>
      </span>
    );
  }
  return (
    <select
      className={`${forms.input} ${styles.select}`}
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
