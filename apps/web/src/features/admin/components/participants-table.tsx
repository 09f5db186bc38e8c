import type { Participant } from '@lanparty/contract';
import { centsFromEuros, formatEuros } from '@lanparty/contract/rules';
import { Check, X } from 'lucide-react';
import { Fragment } from 'react';
import table from '../../../components/data-table.module.css';
import {
  fullName,
  ParticipantRefusal,
  PresenceSelect,
  StatusSelect,
} from './participant-controls.tsx';
import styles from './participants.module.css';
import type { ParticipantChanges } from './use-participant-changes.ts';

type ParticipantsTableProps = {
  lanName: string;
  participants: readonly Participant[];
  changes: ParticipantChanges;
};

const columnCount = 9;

/** The participants as a table (wider screens), with status and presence changed in place. */
export function ParticipantsTable({ lanName, participants, changes }: ParticipantsTableProps) {
  return (
    <div className={table.scroller}>
      <table className={`${table.table} ${styles.table}`}>
        <caption className="visually-hidden">Participants of {lanName}</caption>
        <thead>
          <tr>
            <th scope="col">Nickname</th>
            <th scope="col">Name and e-mail</th>
            <th scope="col">Member</th>
            <th scope="col">Status</th>
            <th scope="col" className={table.number}>
              Waitlist
            </th>
            <th scope="col" className={table.number}>
              Amount due
            </th>
            <th scope="col" className={table.number}>
              Paid
            </th>
            <th scope="col" className={table.number}>
              Outstanding
            </th>
            <th scope="col">Presence</th>
          </tr>
        </thead>
        <tbody>
          {participants.map((participant) => {
            const hasRefusal = changes.refusalOf(participant) !== undefined;
            const rowClass = [
              participant.status === 'Denied' ? styles.denied : '',
              hasRefusal ? styles.hasRefusal : '',
            ]
              .join(' ')
              .trim();
            return (
              <Fragment key={participant.subscriberId}>
                <tr className={rowClass || undefined}>
                  <th scope="row">
                    {participant.nickname}
                    {participant.seat ? (
                      <span className={styles.seat}>Seat {participant.seat}</span>
                    ) : null}
                  </th>
                  <td>
                    {/* One column for both: the money's three columns need the room. */}
                    <span className={styles.nameAndEmail}>
                      <span>{fullName(participant) ?? <Missing />}</span>
                      <Email participant={participant} />
                    </span>
                  </td>
                  <td>
                    {participant.isMember ? (
                      <Check aria-label="Member" size={18} />
                    ) : (
                      <X aria-label="Not a member" size={18} />
                    )}
                  </td>
                  <td>
                    <StatusSelect participant={participant} changes={changes} />
                  </td>
                  <td className={table.number}>{participant.waitlistPosition ?? <Missing />}</td>
                  <td className={table.number}>
                    <Amount value={participant.amountDue} />
                  </td>
                  <td className={table.number}>
                    <Amount value={participant.amountPaid} />
                  </td>
                  <td className={table.number}>
                    <Amount value={participant.amountOutstanding} isOwedWhenAboveZero />
                  </td>
                  <td>
                    <PresenceSelect participant={participant} changes={changes} />
                  </td>
                </tr>
                {hasRefusal ? (
                  <tr className={styles.refusal}>
                    <td colSpan={columnCount}>
                      <ParticipantRefusal participant={participant} changes={changes} />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The e-mail address, marked when it is not verified (no messages reach it). */
export function Email({ participant }: { participant: Participant }) {
  const { email } = participant;
  if (!email) return <Missing />;
  // A long address may break after its @, rather than squeeze the other columns.
  const domainStart = email.lastIndexOf('@') + 1;
  return (
    <span className={styles.email}>
      <a href={`mailto:${email}`}>
        {email.slice(0, domainStart)}
        <wbr />
        {email.slice(domainStart)}
      </a>
      {participant.emailVerified ? null : <span className={styles.unverified}>not verified</span>}
    </span>
  );
}

/**
 * An amount of a participant's place in euros; a dash without a place. Outstanding money
 * stands out (`isOwedWhenAboveZero`), so what is still to collect catches the eye.
 */
export function Amount({
  value,
  isOwedWhenAboveZero = false,
}: {
  value: number | null;
  isOwedWhenAboveZero?: boolean;
}) {
  if (value === null) return <Missing />;
  const isOwed = isOwedWhenAboveZero && value > 0;
  return (
    <span className={isOwed ? styles.owed : undefined}>{formatEuros(centsFromEuros(value))}</span>
  );
}

/** A value that is not there: a dash to the eye, "none" to a screen reader. */
export function Missing() {
  return (
    <>
      <span aria-hidden="true" className={styles.missing}>
        —
      </span>
      <span className="visually-hidden">none</span>
    </>
  );
}
