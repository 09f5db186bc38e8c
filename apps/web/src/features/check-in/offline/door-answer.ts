import type { DoorList, DoorTicket } from '@lanparty/contract';
import { centsFromEuros, formatEuros, normalizeCheckInCode } from '@lanparty/contract/rules';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { readCommunityClock } from '../../../lib/format-date.ts';

/** SHA-256, hex, of a code as typed or scanned, normalised: how the door list carries codes. */
export function hashOfCode(code: string): string {
  return bytesToHex(sha256(utf8ToBytes(normalizeCheckInCode(code))));
}

/** What the door answers from its list while the site cannot be reached (issue 53 §2). */
export type OfflineAnswer =
  /** In (paid): queued to sync. `firstAt`: this door list had it checked in already. */
  | { kind: 'present'; ticket: DoorTicket; firstAt: string | null }
  /** Accepted, not paid: take the money, then "Paid and present" queues it as paid. */
  | { kind: 'due'; ticket: DoorTicket; amountDue: number }
  | { kind: 'refused'; ticket: DoorTicket | undefined; message: string };

/**
 * Answers a code from the door list at once: a Paid ticket is in; an Accepted one owes what
 * it owes (in at once when nothing is due, or `paid` says the door took it); Pending,
 * Denied, or a code the list does not hold (another lan's, a mistyped one) is refused.
 */
export function answerFromList(list: DoorList, code: string, paid: boolean): OfflineAnswer {
  const hash = hashOfCode(code);
  const ticket = list.tickets.find((each) => each.codeHash === hash || each.shortCodeHash === hash);
  const asOf = readCommunityClock(list.asOf).time;
  if (!ticket)
    return {
      kind: 'refused',
      ticket,
      message: `No ticket of this lan has this code (door list as of ${asOf}). Check the code, or find the lanner by name.`,
    };
  if (ticket.status === 'Pending')
    return {
      kind: 'refused',
      ticket,
      message: `${ticket.nickname} has no place: their subscription is still pending.`,
    };
  if (ticket.status === 'Denied')
    return {
      kind: 'refused',
      ticket,
      message: `${ticket.nickname} was denied a place at this lan.`,
    };
  const due = ticket.status === 'Accepted' ? (ticket.amountDue ?? 0) : 0;
  if (due > 0 && !paid) return { kind: 'due', ticket, amountDue: due };
  return { kind: 'present', ticket, firstAt: ticket.checkedInAt };
}

/**
 * The door list as it is after an offline check-in at `moment`: the ticket Paid and checked
 * in then (written on the community's clocks, as the list's own times are).
 */
export function afterOfflineCheckIn(list: DoorList, ticket: DoorTicket, moment: Date): DoorList {
  const at = onClocksOf(list.asOf, moment);
  return {
    ...list,
    tickets: list.tickets.map((each) =>
      each.subscriberId === ticket.subscriberId
        ? { ...each, status: 'Paid', amountDue: 0, checkedInAt: each.checkedInAt ?? at }
        : each,
    ),
  };
}

/** "€25.00 due" of an answer that waits for money. */
export const describeDue = (amountDue: number) => `${formatEuros(centsFromEuros(amountDue))} due`;

/** `moment` as ISO text with the UTC offset `zoned` carries (the community's, as of then). */
function onClocksOf(zoned: string, moment: Date): string {
  const offset = /([+-])(\d{2}):(\d{2})$/.exec(zoned);
  if (!offset) return moment.toISOString();
  const minutes = (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3]));
  const wall = new Date(moment.getTime() + minutes * 60_000).toISOString().slice(0, 23);
  return `${wall}${offset[0]}`;
}
