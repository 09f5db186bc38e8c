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
