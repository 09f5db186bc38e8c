import type { Subscriber, SubscriberStatus } from '@lanparty/contract';
import { waitlistPositions } from '@lanparty/contract/rules';
import { toIsoTimestamp } from '../../db/columns.ts';
import type { Executor } from '../../db/executor.ts';
import { createPublicUserPresenter } from '../users/users.presenter.ts';
import { listWaitlistRows, type SubscriberDetailRow } from './lan-subscribers.repository.ts';

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
  const positions = new Map<number, number>();
  for (const lan of new Map(lans.map((one) => [one.id, one])).values()) {
    const ofLan = rows
      .filter((row) => row.lan_id === lan.id)
      .map((row) => ({
        id: row.id,
        status: row.status as SubscriberStatus,
        creationDate: toIsoTimestamp(row.creation_date),
      }));
    for (const [id, position] of waitlistPositions(lan.maximumSubscribers, ofLan))
      positions.set(id, position);
  }
  return (subscriberId) => positions.get(subscriberId) ?? null;
}

/** The waitlist positions of the lans of these subscriber rows. */
export function loadWaitlistPositionsOf(db: Executor, rows: readonly SubscriberDetailRow[]) {
  return loadWaitlistPositions(
    db,
    rows.map((row) => ({ id: row.lan_id, maximumSubscribers: row.lan_maximum_subscribers })),
  );
}

/** Turns subscriber rows into the contract's Subscriber, users with roles and stats. */
export async function presentSubscribers(
  db: Executor,
  rows: readonly SubscriberDetailRow[],
): Promise<Subscriber[]> {
  const presentUser = await createPublicUserPresenter(
    db,
    rows.map((row) => row.user_id),
  );
  const waitlistPositionOf = await loadWaitlistPositionsOf(db, rows);
  return rows.map((row) => ({
    id: row.id,
    status: row.status as SubscriberStatus,
    creationDate: toIsoTimestamp(row.creation_date),
    modificationDate: toIsoTimestamp(row.modification_date),
    present: row.present === null ? null : row.present === true || row.present === 1,
    waitlistPosition: waitlistPositionOf(row.id),
    user: presentUser({ id: row.user_id, nickname: row.nickname, steam_id: row.steam_id }),
    lan: {
      id: row.lan_id,
      name: row.lan_name,
      startDate: toIsoTimestamp(row.lan_start_date),
      endDate: toIsoTimestamp(row.lan_end_date),
    },
  }));
}
