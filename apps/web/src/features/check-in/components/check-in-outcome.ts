import type { Participant } from '@lanparty/contract';
import { normalizeCheckInCode } from '@lanparty/contract/rules';
import { isApiError } from '../../../lib/api-client.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { formatDisplayDate, readCommunityClock } from '../../../lib/format-date.ts';
import { todayAtOffsetOf } from '../../../lib/format-moment.ts';
import type { OfflineAnswer } from '../offline/door-answer.ts';

/** What the door learns from one check-in. */
export type CheckInOutcome =
  | { kind: 'present'; participant: Participant; alreadyPresent: boolean }
  /** Accepted but not paid: the door takes the money, then posts the code again as paid. */
  | { kind: 'due'; nickname: string; amountDue: number; code: string }
  | { kind: 'refused'; message: string; participant: Participant | undefined }
  /** No answer of the API (the network): nothing was decided. */
  | { kind: 'failed'; message: string }
  /** Answered from the door list kept on the phone (issue 53): queued when it is in. */
  | { kind: 'offline'; answer: OfflineAnswer; code: string; asOf: string };

/**
 * The participant whose ticket has this code, typed or scanned (a ticket URL too), long
 * or short.
 */
export function findTicketHolder(
  participants: readonly Participant[],
  code: string,
): Participant | undefined {
  const wanted = normalizeCheckInCode(code);
  return participants.find((participant) =>
    [participant.checkInCode, participant.shortCode].some(
      (own) => own !== null && normalizeCheckInCode(own) === wanted,
    ),
  );
}

/**
 * When and by whom a ticket shown again was first checked in, on the community's clocks:
 * "Checked in at 18:04 by lanadmin", with the date when that was not today. A presence
 * marked before the site recorded it has no time.
 */
export function describeFirstCheckIn(
  participant: Pick<Participant, 'checkedInAt' | 'checkedInBy'>,
  now = new Date(),
): string {
  const by = participant.checkedInBy ? ` by ${participant.checkedInBy}` : '';
  if (!participant.checkedInAt) return `Checked in before${by}; the time was not recorded.`;
  const { date, time } = readCommunityClock(participant.checkedInAt);
  const isToday = date === todayAtOffsetOf(participant.checkedInAt, now);
  return `Checked in ${isToday ? '' : `on ${formatDisplayDate(date)} `}at ${time}${by}`;
}

/**
 * Reads a refused check-in. The 409 of an Accepted ticket not yet paid says who and how
 * much in its problem (`nickname`, `amountDue`); any other refusal is shown as the API
 * words it, with the holder's name when the participants list knows the code.
 */
export function readRefusal(
  error: unknown,
  code: string,
  participants: readonly Participant[],
): CheckInOutcome {
  if (!isApiError(error)) return { kind: 'failed', message: describeError(error) };
  const { amountDue, nickname } = error.extensions;
  if (error.status === 409 && typeof amountDue === 'number' && typeof nickname === 'string')
    return { kind: 'due', nickname, amountDue, code };
  return {
    kind: 'refused',
    message: describeError(error),
    participant: findTicketHolder(participants, code),
  };
}
