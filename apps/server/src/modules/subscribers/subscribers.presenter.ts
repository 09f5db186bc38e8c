import type { Subscriber, SubscriberStatus } from '@lanparty/contract';
import { toIsoTimestamp } from '../../db/columns.ts';
import { type Executor, findRoles, findUserStats } from '../users/users.repository.ts';
import type { SubscriberDetailRow } from './subscribers.repository.ts';

/** Turns subscriber rows into the contract's Subscriber, users with roles and stats. */
export async function presentSubscribers(
  db: Executor,
  rows: readonly SubscriberDetailRow[],
): Promise<Subscriber[]> {
  const userIds = [...new Set(rows.map((row) => row.user_id))];
  const [roles, stats] = await Promise.all([findRoles(db, userIds), findUserStats(db, userIds)]);
  return rows.map((row) => ({
    id: row.id,
    status: row.status as SubscriberStatus,
    creationDate: toIsoTimestamp(row.creation_date),
    modificationDate: toIsoTimestamp(row.modification_date),
    present: row.present === null ? null : row.present === true || row.present === 1,
    user: {
      id: row.user_id,
      nickname: row.nickname,
      steamId: row.steam_id,
      roles: roles.get(row.user_id) ?? [],
      stats: stats.get(row.user_id) ?? { numberOfLans: 0, lastLanOn: null },
    },
    lan: {
      id: row.lan_id,
      name: row.lan_name,
      startDate: toIsoTimestamp(row.lan_start_date),
      endDate: toIsoTimestamp(row.lan_end_date),
    },
  }));
}
