import type { Subscriber } from '@lanparty/contract';
import { waitlistPositions } from '@lanparty/contract/rules';
import { toIsoTimestamp } from '../../db/columns.ts';
import type { Executor } from '../../db/executor.ts';
import { toZonedIsoTimestamp } from '../../lib/zoned-timestamp.ts';
import { createPublicUserPresenter } from '../users/users.presenter.ts';
import {
  listWaitlistRows,
  type SubscriberDetailRow,
  type WaitlistRow,
} from './lan-subscribers.repository.ts';

/**
 * The waitlist position of each subscriber of these lans (the lan's maximum comes with
 * each row): a function answering a subscriber's position, or null.
 */
export async function loadWaitlistPositions(
  db: Executor,
  lans: readonly { id: number; maximumSubscribers: number }[],
): Promise<(subscriberId: number) => number | null> {
  const rows = await listWaitlistRows(
    db,
    lans.map(({ id }) => id),
  );
  return waitlistPositionsAmong(lans, rows);
}

/**
 * The waitlist positions of these lans from `rows`, which must hold every subscriber of
 * them that is Pending or takes a place (more, of other statuses, may come along).
 */
function waitlistPositionsAmong(
  lans: readonly { id: number; maximumSubscribers: number }[],
  rows: readonly WaitlistRow[],
): (subscriberId: number) => number | null {
  const positions = new Map<number, number>();
  for (const lan of new Map(lans.map((one) => [one.id, one])).values()) {
    const ofLan = rows
      .filter((row) => row.lan_id === lan.id)
      .map((row) => ({
        id: row.id,
        status: row.status,
        creationDate: toIsoTimestamp(row.creation_date),
      }));
    for (const [id, position] of waitlistPositions(lan.maximumSubscribers, ofLan))
      positions.set(id, position);
  }
  return (subscriberId) => positions.get(subscriberId) ?? null;
}

/**
 * The waitlist positions of the lans of these subscriber rows: worked out from the rows
 * themselves when they are every subscriber of their lans, else read.
 */
function loadWaitlistPositionsOf(
  db: Executor,
  rows: readonly SubscriberDetailRow[],
  isEverySubscriber: boolean,
) {
  const lans = rows.map((row) => ({
    id: row.lan_id,
    maximumSubscribers: row.lan_maximum_subscribers,
  }));
  return isEverySubscriber ? waitlistPositionsAmong(lans, rows) : loadWaitlistPositions(db, lans);
}

/**
 * Turns subscriber rows into the contract's Subscriber, users with roles and stats; the
 * lan's start and end in the community's time zone (`timeZone`), as the lan's own are.
 * `isEverySubscriber`: the rows are all the subscribers of their lans (a lan's page), so
 * the waitlist is worked out from them rather than read again.
 */
export async function presentSubscribers(
  db: Executor,
  rows: readonly SubscriberDetailRow[],
  { timeZone, isEverySubscriber = false }: { timeZone: string; isEverySubscriber?: boolean },
): Promise<Subscriber[]> {
  const [presentUser, waitlistPositionOf] = await Promise.all([
    createPublicUserPresenter(
      db,
      rows.map((row) => row.user_id),
    ),
    loadWaitlistPositionsOf(db, rows, isEverySubscriber),
  ]);
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    // Shown as the day of subscribing ("Subscribed on"): the community's day, not UTC's.
    creationDate: toZonedIsoTimestamp(row.creation_date, timeZone),
    modificationDate: toIsoTimestamp(row.modification_date),
    present: row.present === null ? null : row.present === true || row.present === 1,
    waitlistPosition: waitlistPositionOf(row.id),
    user: presentUser({ id: row.user_id, nickname: row.nickname, steam_id: row.steam_id }),
    lan: {
      id: row.lan_id,
      name: row.lan_name,
      startDate: toZonedIsoTimestamp(row.lan_start_date, timeZone),
      endDate: toZonedIsoTimestamp(row.lan_end_date, timeZone),
    },
  }));
}
