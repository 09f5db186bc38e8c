import type { SubscriberStatus } from '../schemas/subscribers.ts';
import { countTakenPlaces } from './subscriber-rules.ts';

/** Spec §4: a lan is open while its end date is not in the past. */
export function isLanOpen(
  lan: { endDate: string | Date },
  now: Date | number = Date.now(),
): boolean {
  return new Date(lan.endDate).getTime() >= new Date(now).getTime();
}

/**
 * True once a lan has begun: from then on its subscribers' presence means something (the
 * door marks it), and its waitlist no longer moves up.
 */
export function hasLanStarted(
  lan: { startDate: string | Date },
  now: Date | number = Date.now(),
): boolean {
  return new Date(lan.startDate).getTime() <= new Date(now).getTime();
}

/**
 * Spec §4: full when the taken places (Accepted plus Paid) reach the maximum. The server
 * counts the places in the database; the web counts a lan's subscribers (`isLanFull`).
 */
export function isFull(places: { takenPlaces: number; maximumSubcribers: number }): boolean {
  return places.takenPlaces >= places.maximumSubcribers;
}

type LanWithSubscribers = {
  maximumSubcribers: number;
  subscribers: readonly { status: SubscriberStatus }[];
};

/** The places still open: the maximum minus the taken places, never below zero. */
export function countOpenPlaces(lan: LanWithSubscribers): number {
  return Math.max(0, lan.maximumSubcribers - countTakenPlaces(lan.subscribers));
}

/** Spec §4: full when accepted plus paid reaches maximumSubcribers. */
export function isLanFull(lan: LanWithSubscribers): boolean {
  return isFull({
    takenPlaces: countTakenPlaces(lan.subscribers),
    maximumSubcribers: lan.maximumSubcribers,
  });
}

type WaitlistCandidate = { id: number; status: SubscriberStatus; creationDate: string | Date };

/**
 * A lan's Pending subscriptions in the order they were made (ties by id): its waitlist
 * while it is full, and the order in which they move up.
 */
export function waitlistOrder<Candidate extends WaitlistCandidate>(
  subscribers: readonly Candidate[],
): Candidate[] {
  return subscribers
    .filter(({ status }) => status === 'Pending')
    .sort(
      (a, b) =>
        new Date(a.creationDate).getTime() - new Date(b.creationDate).getTime() || a.id - b.id,
    );
}

/**
 * While a lan is full its Pending subscriptions are its waitlist, in the order they were
 * made. Answers each waitlisted subscriber's position, 1 first; a subscriber not in the
 * map is not on the waitlist. `subscribers` are those of one lan.
 */
export function waitlistPositions(
  maximumSubcribers: number,
  subscribers: readonly WaitlistCandidate[],
): Map<number, number> {
  const positions = new Map<number, number>();
  if (!isFull({ takenPlaces: countTakenPlaces(subscribers), maximumSubcribers })) return positions;
  for (const [index, { id }] of waitlistOrder(subscribers).entries()) positions.set(id, index + 1);
  return positions;
}

/**
 * How many waitlisted subscribers move up after a change: the places open now, when the
 * lan was full before the change (it had a waitlist) and has not started. Pending
 * subscriptions of a lan that was not full wait for an administrator, as always.
 */
export function countMovingUp(lan: {
  wasFull: boolean;
  hasStarted: boolean;
  takenPlaces: number;
  maximumSubcribers: number;
}): number {
  if (!lan.wasFull || lan.hasStarted) return 0;
  return Math.max(0, lan.maximumSubcribers - lan.takenPlaces);
}
