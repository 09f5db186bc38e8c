import type { Subscriber, SubscriberStatus } from '@lanparty/contract';
import { toIsoTimestamp } from '../../db/columns.ts';
import type { Executor } from '../../db/executor.ts';
import { createPublicUserPresenter } from '../users/users.presenter.ts';
import type { SubscriberDetailRow } from './lan-subscribers.repository.ts';

/** Turns subscriber rows into the contract's Subscriber, users with roles and stats. */
export async function presentSubscribers(
  db: Executor,
  rows: readonly SubscriberDetailRow[],
): Promise<Subscriber[]> {
  const presentUser = await createPublicUserPresenter(
    db,
    rows.map((row) => row.user_id),
  );
  return rows.map((row) => ({
    id: row.id,
    status: row.status as SubscriberStatus,
    creationDate: toIsoTimestamp(row.creation_date),
    modificationDate: toIsoTimestamp(row.modification_date),
    present: row.present === null ? null : row.present === true || row.present === 1,
    user: presentUser({ id: row.user_id, nickname: row.nickname, steam_id: row.steam_id }),
    lan: {
      id: row.lan_id,
      name: row.lan_name,
      startDate: toIsoTimestamp(row.lan_start_date),
      endDate: toIsoTimestamp(row.lan_end_date),
    },
  }));
}
