import type { Lan, Subscriber, SubscriberStatus } from '@lanparty/contract';

/**
 * The contract's subscriberStatusOrder, repeated as a type-checked copy: importing the value
 * pulls zod (the contract's schemas) into the first screen's chunk, about 30 KB gzip.
 */
const subscriberStatusOrder: readonly SubscriberStatus[] = [
  'Paid',
  'Accepted',
  'Pending',
  'Denied',
];

/** Spec §4: a lan is open while its end date is not in the past. */
export function isLanOpen(lan: Pick<Lan, 'endDate'>, now = Date.now()): boolean {
  return Date.parse(lan.endDate) >= now;
}

/** Accepted plus Paid: the subscribers that count towards the capacity (the Lanners figure). */
export function countLanners(lan: Pick<Lan, 'subscribers'>): number {
  return lan.subscribers.filter((s) => s.status === 'Accepted' || s.status === 'Paid').length;
}

/** The places still open: maximum minus accepted and paid, never below zero. */
export function countOpenPlaces(lan: Pick<Lan, 'subscribers' | 'maximumSubcribers'>): number {
  return Math.max(0, lan.maximumSubcribers - countLanners(lan));
}

/** Spec §4: full when accepted plus paid reaches the maximum. */
export function isLanFull(lan: Pick<Lan, 'subscribers' | 'maximumSubcribers'>): boolean {
  return countOpenPlaces(lan) === 0;
}

/** Spec §2: Paid, Accepted, Pending, Denied, then by nickname. */
export function sortSubscribers(subscribers: readonly Subscriber[]): Subscriber[] {
  return [...subscribers].sort(
    (a, b) =>
      subscriberStatusOrder.indexOf(a.status) - subscriberStatusOrder.indexOf(b.status) ||
      a.user.nickname.localeCompare(b.user.nickname),
  );
}

const euro = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' });

/** A price in euros with the euro sign: `€25.00`. */
export function formatPrice(amount: number): string {
  return euro.format(amount);
}
