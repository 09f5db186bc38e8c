import { toIsoTimestamp } from '../../db/columns.ts';
import type { Executor } from '../../db/executor.ts';
import { lansBeenTo } from '../users/users.repository.ts';
import type { CountedLan } from './attendance.ts';
import type { TournamentPlace } from './badges.ts';

/**
 * The site's counted lans in start order: active, ended, with at least one participant
 * marked present (a lan nobody was marked present at breaks no streak).
 */
export async function findCountedLans(db: Executor, now: Date): Promise<CountedLan[]> {
  const rows = await db
    .selectFrom('lans')
    .select(['id', 'name', 'start_date', 'end_date'])
    .where('id', 'in', lansBeenTo(db, now.toISOString()).select('subscribers.lan_id'))
    .orderBy('start_date')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    startDate: toIsoTimestamp(row.start_date),
    endDate: toIsoTimestamp(row.end_date),
  }));
}

/** The counted lans one person was marked present at. */
export async function findAttendedLanIds(
  db: Executor,
  userId: number,
  now: Date,
): Promise<Set<number>> {
  const rows = await lansBeenTo(db, now.toISOString())
    .select('subscribers.lan_id')
    .where('subscribers.user_id', '=', userId)
    .execute();
  return new Set(rows.map((row) => row.lan_id));
}

/** Every counted presence of people whose account stands (erased ones earn nothing). */
export async function findAllAttendance(
  db: Executor,
  now: Date,
): Promise<Map<number, Set<number>>> {
  const rows = await lansBeenTo(db, now.toISOString())
    .innerJoin('users', 'users.id', 'subscribers.user_id')
    .where('users.erased_at', 'is', null)
    .select(['subscribers.user_id', 'subscribers.lan_id'])
    .execute();
  const byUser = new Map<number, Set<number>>();
  for (const row of rows) {
    const lans = byUser.get(row.user_id) ?? new Set<number>();
    byUser.set(row.user_id, lans.add(row.lan_id));
  }
  return byUser;
}

/**
 * The lans at which someone did a lan administrator's work: checked someone in at the door,
 * posted an announcement or wrote to the participants. Per user (of `userIds` when given).
 */
export async function findCrewLans(
  db: Executor,
  userIds?: readonly number[],
): Promise<Map<number, Set<number>>> {
  let checkIns = db
    .selectFrom('subscribers')
    .select(['checked_in_by_user_id as user_id', 'lan_id'])
    .where('checked_in_by_user_id', 'is not', null);
  let announcements = db
    .selectFrom('announcements')
    .select(['author_user_id as user_id', 'lan_id'])
    .where('author_user_id', 'is not', null);
  let messages = db
    .selectFrom('lan_messages')
    .select(['sender_user_id as user_id', 'lan_id'])
    .where('sender_user_id', 'is not', null);
  if (userIds) {
    checkIns = checkIns.where('checked_in_by_user_id', 'in', [...userIds]);
    announcements = announcements.where('author_user_id', 'in', [...userIds]);
    messages = messages.where('sender_user_id', 'in', [...userIds]);
  }
  const rows = await checkIns.union(announcements).union(messages).execute();
  const byUser = new Map<number, Set<number>>();
  for (const row of rows) {
    if (row.user_id === null) continue;
    const lans = byUser.get(row.user_id) ?? new Set<number>();
    byUser.set(row.user_id, lans.add(row.lan_id));
  }
  return byUser;
}

export type StoredBadge = { userId: number; key: string; earnedOn: string; isSeen: boolean };

export async function findStoredBadges(
  db: Executor,
  userIds?: readonly number[],
): Promise<StoredBadge[]> {
  let query = db.selectFrom('user_badges').select(['user_id', 'badge_key', 'earned_on', 'seen_at']);
  if (userIds) query = query.where('user_id', 'in', [...userIds]);
  const rows = await query.orderBy('earned_on').orderBy('badge_key').execute();
  return rows.map((row) => ({
    userId: row.user_id,
    key: row.badge_key,
    earnedOn: row.earned_on,
    isSeen: row.seen_at !== null,
  }));
}

export async function insertBadges(
  db: Executor,
  badges: readonly { userId: number; key: string; earnedOn: string }[],
): Promise<void> {
  if (badges.length === 0) return;
  await db
    .insertInto('user_badges')
    .values(badges.map((b) => ({ user_id: b.userId, badge_key: b.key, earned_on: b.earnedOn })))
    .onConflict((conflict) => conflict.columns(['user_id', 'badge_key']).doNothing())
    .execute();
}

export async function deleteBadge(db: Executor, userId: number, key: string): Promise<void> {
  await db
    .deleteFrom('user_badges')
    .where('user_id', '=', userId)
    .where('badge_key', '=', key)
    .execute();
}

export async function updateBadgeDay(
  db: Executor,
  userId: number,
  key: string,
  earnedOn: string,
): Promise<void> {
  await db
    .updateTable('user_badges')
    .set({ earned_on: earnedOn })
    .where('user_id', '=', userId)
    .where('badge_key', '=', key)
    .execute();
}

/**
 * Counts as told every badge not yet seen that was earned before `earnedBefore` (no longer
 * news): its `seen_at` is now. Answers how many.
 */
export async function markOldBadgesTold(
  db: Executor,
  earnedBefore: string,
  now: Date,
): Promise<number> {
  const result = await db
    .updateTable('user_badges')
    .set({ seen_at: now.toISOString() })
    .where('seen_at', 'is', null)
    .where('earned_on', '<', earnedBefore)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function markBadgesSeen(db: Executor, userId: number, now: Date): Promise<void> {
  await db
    .updateTable('user_badges')
    .set({ seen_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('seen_at', 'is', null)
    .execute();
}

/** Whether others see the person's lans and badges. */
export async function setShowsHistory(
  db: Executor,
  userId: number,
  showsHistory: boolean,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ shows_history: showsHistory })
    .where('id', '=', userId)
    .execute();
}

/**
 * Places 1 to 3 of finished tournaments (issue 37), by person (each member of a team), of
 * these people or everyone: what earns tournament badges. Only of active lans: an inactive
 * lan's tournaments are no one's to see, so neither are their podiums (issue 50).
 */
export async function findTournamentPlaces(
  db: Executor,
  userIds?: readonly number[],
): Promise<Map<number, TournamentPlace[]>> {
  let query = db
    .selectFrom('tournament_entry_members as members')
    .innerJoin('tournament_entries as entries', 'entries.id', 'members.entry_id')
    .innerJoin('tournaments', 'tournaments.id', 'members.tournament_id')
    .innerJoin('lans', 'lans.id', 'tournaments.lan_id')
    .select([
      'members.user_id',
      'tournaments.id',
      'tournaments.name',
      'tournaments.finished_at',
      'entries.final_rank',
    ])
    .where('tournaments.state', '=', 'finished')
    .where('lans.is_active', '=', true)
    .where('entries.final_rank', '<=', 3);
  if (userIds) query = query.where('members.user_id', 'in', userIds.length > 0 ? userIds : [0]);
  const places = new Map<number, TournamentPlace[]>();
  for (const row of await query.orderBy('tournaments.id').execute()) {
    if (row.finished_at === null || row.final_rank === null) continue;
    places.set(row.user_id, [
      ...(places.get(row.user_id) ?? []),
      {
        tournamentId: row.id,
        name: row.name,
        place: row.final_rank as 1 | 2 | 3,
        finishedAt: toIsoTimestamp(row.finished_at),
      },
    ]);
  }
  return places;
}
