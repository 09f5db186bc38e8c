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
