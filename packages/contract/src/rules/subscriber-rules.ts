import type { SubscriberStatus } from '../schemas/subscribers.ts';
import type { Role } from './role-rules.ts';

/** Accepted and Paid subscribers take a place of the lan (spec §4). */
export const placeTakingStatuses: readonly SubscriberStatus[] = ['Accepted', 'Paid'];

/** True when a subscriber with this status takes a place of the lan. */
export function isPlaceTaking(status: SubscriberStatus): boolean {
  return placeTakingStatuses.includes(status);
}

/** The places taken: the Accepted and Paid subscribers (the Lanners figure of the lan card). */
export function countTakenPlaces(subscribers: readonly { status: SubscriberStatus }[]): number {
  return subscribers.filter(({ status }) => isPlaceTaking(status)).length;
}

/**
 * A lanner withdraws their own subscription while it is Pending or Accepted; a Paid one
 * is settled with a lan administrator, and a Denied one stays as the administrator left
 * it. Lan administrators withdraw any subscription.
 */
export const ownerWithdrawableStatuses: readonly SubscriberStatus[] = ['Pending', 'Accepted'];

/** True when the subscriber themself may withdraw a subscription with this status. */
export function canOwnerWithdraw(status: SubscriberStatus): boolean {
  return ownerWithdrawableStatuses.includes(status);
}

/** The order in which subscribers are listed: Paid, Accepted, Pending, then Denied (spec §4). */
export const subscriberStatusOrder: readonly SubscriberStatus[] = [
  'Paid',
  'Accepted',
  'Pending',
  'Denied',
];

type Sortable = { status: SubscriberStatus; user: { nickname: string } };

/** Spec §2: by status order (Paid, Accepted, Pending, Denied), then by nickname. */
export function compareSubscribers(a: Sortable, b: Sortable): number {
  return (
    subscriberStatusOrder.indexOf(a.status) - subscriberStatusOrder.indexOf(b.status) ||
    a.user.nickname.localeCompare(b.user.nickname, 'en', { sensitivity: 'base' })
  );
}

/** The subscribers in the order of the subscriber table (a sorted copy). */
export function sortSubscribers<Subscriber extends Sortable>(
  subscribers: readonly Subscriber[],
): Subscriber[] {
  return [...subscribers].sort(compareSubscribers);
}

/**
 * The statuses whose subscribers hold a ticket: a check-in code of their own, shown to
 * them and used at the door.
 */
export function hasTicket(status: SubscriberStatus): boolean {
  return isPlaceTaking(status);
}

/**
 * What a subscriber owes, fixed when they take a place: the member price when they are a
 * Member then, else the price. Works in any unit (cents on the server, euros on the web).
 */
export function amountDueFor(
  lan: { price: number; membersPrice: number },
  roles: readonly Role[],
): number {
  return roles.includes('Member') ? lan.membersPrice : lan.price;
}

/** What a place costs its subscriber, what they paid of it, and what is still outstanding. */
export type PlacePayment = { amountDue: number; amountPaid: number; amountOutstanding: number };

/**
 * The three amounts of a subscriber's place (issue 32): what they owe (`amountDue`, fixed
 * when they took the place), what they paid and what is still outstanding. Paid is how a
 * payment is recorded, and it records the amount due paid in full: there are no part
 * payments. null while they hold no place (Pending, Denied), when nothing is owed or paid.
 * Works in any unit (cents on the server, euros on the web).
 */
export function placePaymentOf(subscriber: {
  status: SubscriberStatus;
  amountDue: number | null;
}): PlacePayment | null {
  const { status, amountDue } = subscriber;
  if (!isPlaceTaking(status) || amountDue === null) return null;
  const amountPaid = status === 'Paid' ? amountDue : 0;
  return { amountDue, amountPaid, amountOutstanding: amountDue - amountPaid };
}

/** Crockford's base32 alphabet: no I, L, O or U, so a code read aloud is not misheard. */
export const checkInCodeAlphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A check-in code as typed or scanned, made comparable: upper case, without spaces or
 * dashes, O read as 0 and I or L as 1 (Crockford). A scanned ticket URL gives its code.
 */
export function normalizeCheckInCode(text: string): string {
  const fromUrl = /[#?&]code=([^&#\s]+)/.exec(text)?.[1];
  return (fromUrl ?? text)
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
}

/** A check-in code in groups of four for reading: `7K3M-9QX2-…`. */
export function formatCheckInCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

/**
 * The participants CSV's dialects: `comma` splits cells on `,` and writes amounts with a
 * decimal point; `semicolon` splits on `;` with a decimal comma (a Dutch spreadsheet).
 */
export const csvSeparators = ['comma', 'semicolon'] as const;

export type CsvSeparator = (typeof csvSeparators)[number];

/** The longest message to a lan's participants, in characters. */
export const lanMessageBodyMaximum = 5000;

type MessageCandidate = { status: SubscriberStatus; emailVerified: boolean };

/**
 * Who a message to a lan's subscribers of these statuses reaches: those with a verified
 * e-mail address; the others are unreachable (an unverified address may not be theirs).
 */
export function splitMessageRecipients<Candidate extends MessageCandidate>(
  participants: readonly Candidate[],
  statuses: readonly SubscriberStatus[],
): { reachable: Candidate[]; unreachable: Candidate[] } {
  const chosen = participants.filter(({ status }) => statuses.includes(status));
  return {
    reachable: chosen.filter(({ emailVerified }) => emailVerified),
    unreachable: chosen.filter(({ emailVerified }) => !emailVerified),
  };
}
