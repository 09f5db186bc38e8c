import type { Participant, ParticipantList, SubscriberStatus } from '@lanparty/contract';
import {
  eurosFromCents,
  hasTicket,
  type PlacePayment,
  placePaymentOf,
} from '@lanparty/contract/rules';
import { toBoolean } from '../../db/columns.ts';
import type { Executor } from '../../db/executor.ts';
import { ProblemError } from '../../http/problems.ts';
import { toZonedIsoTimestamp } from '../../lib/zoned-timestamp.ts';
import { authorize } from '../auth/authorize.ts';
import type { Viewer } from '../auth/viewer.ts';
import { listParticipantRows, type ParticipantRow } from './participants.repository.ts';
import { findPlaceLan, type PlaceLanRow } from './place-lans.repository.ts';
import { presentPlacePayment } from './place-payment.presenter.ts';
import { readWaitlistPositions } from './places.ts';

/** A lan for a lan administrator, active or not; 403 for anyone else, 404 when unknown. */
export async function findManagedLan(
  db: Executor,
  viewer: Viewer,
  lanId: number,
): Promise<PlaceLanRow> {
  authorize(viewer, 'lans.manage');
  const lan = await findPlaceLan(db, lanId);
  if (!lan) throw new ProblemError(404, `There is no lan ${lanId}.`);
  return lan;
}

/** Whether mail reaches the participant: an address, and verified. */
export function isEmailVerified(row: Pick<ParticipantRow, 'email' | 'is_email_activated'>) {
  return row.email !== null && toBoolean(row.is_email_activated);
}

/**
 * Presents participant rows of one lan; `waitlistPositionOf` comes from the same lan. When
 * they were checked in is written on the community's clocks (`timeZone`), as a lan's dates.
 */
export function presentParticipant(
  row: ParticipantRow,
  waitlistPositionOf: (subscriberId: number) => number | null,
  timeZone: string,
): Participant {
  const status = row.status;
  return {
    subscriberId: row.id,
    userId: row.user_id,
    nickname: row.nickname,
    firstName: row.first_name,
    surname: row.surname,
    email: row.email,
    emailVerified: isEmailVerified(row),
    isMember: toBoolean(row.is_member),
    status,
    waitlistPosition: waitlistPositionOf(row.id),
    ...presentPlacePayment(status, row.amount_due_cents),
    present: row.present === null ? null : toBoolean(row.present),
    // The day of subscribing as the community reads it, as on the lan page (decision 038).
    subscribedOn: toZonedIsoTimestamp(row.creation_date, timeZone),
    checkInCode: hasTicket(status) ? row.check_in_code : null,
    shortCode: hasTicket(status) ? row.short_code : null,
    checkedInAt:
      row.checked_in_at === null ? null : toZonedIsoTimestamp(row.checked_in_at, timeZone),
    checkedInBy: row.checked_in_by,
    seat: row.seat_label,
  };
}

/** Participant rows of one lan in the contract's shape, their waitlist positions read for them. */
export async function readParticipants(
  db: Executor,
  lan: PlaceLanRow,
  rows: readonly ParticipantRow[],
  timeZone: string,
): Promise<Participant[]> {
  const waitlistPositionOf = await readWaitlistPositions(db, [
    { id: lan.id, maximumSubscribers: lan.maximum_subscribers },
  ]);
  return rows.map((row) => presentParticipant(row, waitlistPositionOf, timeZone));
}

/** The money (summed in cents) and the head counts of a lan's participants. */
function totalsOf(rows: readonly ParticipantRow[], participants: readonly Participant[]) {
  const payments = rows.map((row) =>
    placePaymentOf({ status: row.status, amountDue: row.amount_due_cents }),
  );
  const centsOf = (amount: keyof PlacePayment) =>
    payments.reduce((sum, payment) => sum + (payment?.[amount] ?? 0), 0);
  const count = (status: SubscriberStatus) =>
    participants.filter((participant) => participant.status === status).length;
  return {
    expected: eurosFromCents(centsOf('amountDue')),
    received: eurosFromCents(centsOf('amountPaid')),
    outstanding: eurosFromCents(centsOf('amountOutstanding')),
    pending: count('Pending'),
    accepted: count('Accepted'),
    paid: count('Paid'),
    denied: count('Denied'),
    waitlist: participants.filter((participant) => participant.waitlistPosition !== null).length,
    present: participants.filter((participant) => participant.present === true).length,
  };
}

/** GET lans/{id}/participants: every subscription with what an organiser needs, and totals. */
export async function listParticipants(
  db: Executor,
  viewer: Viewer,
  lanId: number,
  timeZone: string,
): Promise<ParticipantList & { lan: PlaceLanRow }> {
  const lan = await findManagedLan(db, viewer, lanId);
  const rows = await listParticipantRows(db, lan.id);
  const participants = await readParticipants(db, lan, rows, timeZone);
  return { lan, participants, totals: totalsOf(rows, participants) };
}
