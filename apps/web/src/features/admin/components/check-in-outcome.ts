import type { Participant } from '@lanparty/contract';
import { normalizeCheckInCode } from '@lanparty/contract/rules';
import { describeError, isApiError } from '../../../lib/api-client.ts';

/** What the door learns from one check-in. */
export type CheckInOutcome =
  | { kind: 'present'; participant: Participant; alreadyPresent: boolean }
  /** Accepted but not paid: the door takes the money, then posts the code again as paid. */
  | { kind: 'due'; participant: Participant & { amountDue: number }; code: string }
  | { kind: 'refused'; message: string; participant: Participant | undefined }
  /** No answer of the API (the network): nothing was decided. */
  | { kind: 'failed'; message: string };

/** The participant whose ticket has this code, typed or scanned (a ticket URL too). */
export function findTicketHolder(
  participants: readonly Participant[],
  code: string,
): Participant | undefined {
  const wanted = normalizeCheckInCode(code);
  return participants.find(
    (participant) =>
      participant.checkInCode !== null && normalizeCheckInCode(participant.checkInCode) === wanted,
  );
}

/**
 * Reads a refused check-in. The 409 of an Accepted ticket not yet paid carries the amount
 * due in its problem, but the API client keeps no extension members of a problem, so the
 * amount and the nickname come from the holder's row in `participants` — which must be
 * fresh: the check-in's own refetch has read it again by the time the refusal arrives.
 */
export function readRefusal(
  error: unknown,
  code: string,
  participants: readonly Participant[],
): CheckInOutcome {
  if (!isApiError(error)) return { kind: 'failed', message: describeError(error) };
  const holder = findTicketHolder(participants, code);
  if (error.status === 409 && holder?.status === 'Accepted' && holder.amountDue !== null) {
    return { kind: 'due', participant: { ...holder, amountDue: holder.amountDue }, code };
  }
  return { kind: 'refused', message: describeError(error), participant: holder };
}
