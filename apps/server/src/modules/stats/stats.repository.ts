import type { Executor } from '../../db/executor.ts';
import { queryOnce } from '../../db/query-once.ts';

/*
 * The stats queries. Every one counts only users who have been Lanner or Member at some
 * point (`users.lanner_since`). Months are `yyyy-MM`, play days `yyyy-MM-dd`.
 */

const seconds = (value: number | string | null): number => Number(value ?? 0);

const playtimeMonths = queryOnce((db, _values: Record<string, never>) =>
  db.selectFrom('lanner_months').select('month').orderBy('month', 'desc'),
);

/**
 * The months that have playtime of a user who counts, newest first (kept by triggers):
 * the leaderboard months and the rewind years, built once as every read of them asks it.
 */
export async function listPlaytimeMonths(db: Executor): Promise<string[]> {
  return (await playtimeMonths(db, {})).map((row) => row.month);
}

/** The newest month before `beforeMonth` that has playtime. */
export async function findLastMonthBefore(
  db: Executor,
  beforeMonth: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('lanner_months')
    .select((eb) => eb.fn.max('month').as('month'))
    .where('month', '<', beforeMonth)
    .executeTakeFirst();
  return row?.month ?? undefined;
}

export type MonthPlaytimeRow = { userId: number; gameId: number; month: string; seconds: number };

/** Seconds per (user, game, month) of one month, of the users who count. */
export async function listMonthPlaytimes(db: Executor, month: string): Promise<MonthPlaytimeRow[]> {
  const rows = await db
    .selectFrom('playtime_months')
    .innerJoin('users', 'users.id', 'playtime_months.user_id')
    .select([
      'playtime_months.user_id',
      'playtime_months.game_id',
      'playtime_months.month',
      'playtime_months.seconds',
    ])
    .where('users.lanner_since', 'is not', null)
    .where('playtime_months.month', '=', month)
    .execute();
  return rows.map((row) => ({
    userId: row.user_id,
    gameId: row.game_id,
    month: row.month,
    seconds: seconds(row.seconds),
  }));
}

export type PlaytimeSumRow = { id: number; seconds: number };

/**
 * Seconds per user or per game (`per`) from `firstMonth` to `lastMonth`, summed by the
 * database: a month's previous positions, a month's games, a year's players need the sums
 * only, not every (user, game, month) row (a year at scale 10: 17k rows, 1.6k sums).
 */
export async function sumPlaytimes(
  db: Executor,
  per: 'user' | 'game',
  firstMonth: string,
  lastMonth: string,
): Promise<PlaytimeSumRow[]> {
  const column = per === 'user' ? 'playtime_months.user_id' : 'playtime_months.game_id';
  const rows = await db
    .selectFrom('playtime_months')
    .innerJoin('users', 'users.id', 'playtime_months.user_id')
    .select((eb) => [
      eb.ref(column).as('id'),
      eb.fn.sum<number | string>('playtime_months.seconds').as('seconds'),
    ])
    .where('users.lanner_since', 'is not', null)
    .where('playtime_months.month', '>=', firstMonth)
    .where('playtime_months.month', '<=', lastMonth)
    .groupBy(column)
    .execute();
  return rows.map((row) => ({ id: row.id, seconds: seconds(row.seconds) }));
}

export type UserGamePlaytimeRow = { userId: number; gameId: number; seconds: number };

/** Seconds per (user, game) from `firstMonth` to `lastMonth`, summed by the database. */
export async function sumPlaytimePerUserGame(
  db: Executor,
  firstMonth: string,
  lastMonth: string,
): Promise<UserGamePlaytimeRow[]> {
  const rows = await db
    .selectFrom('playtime_months')
    .innerJoin('users', 'users.id', 'playtime_months.user_id')
    .select((eb) => [
      'playtime_months.user_id',
      'playtime_months.game_id',
      eb.fn.sum<number | string>('playtime_months.seconds').as('seconds'),
    ])
    .where('users.lanner_since', 'is not', null)
    .where('playtime_months.month', '>=', firstMonth)
    .where('playtime_months.month', '<=', lastMonth)
    .groupBy(['playtime_months.user_id', 'playtime_months.game_id'])
    .execute();
  return rows.map((row) => ({
    userId: row.user_id,
    gameId: row.game_id,
    seconds: seconds(row.seconds),
  }));
}

/**
 * The users who count, as a list to look play days up in: SQLite then reads each one's days
 * from the (user, day) key alone instead of joining every day of the year to its user (a
 * year's days per user on the demo: 0.96 → 0.22 ms).
 */
function lannerIds(db: Executor) {
  return db.selectFrom('users').select('users.id').where('users.lanner_since', 'is not', null);
}

/** The number of play days each user played in [firstDay, lastDay]. */
export async function countPlayDaysPerUser(
  db: Executor,
  firstDay: string,
  lastDay: string,
): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('playtime_days')
    .select((eb) => ['playtime_days.user_id', eb.fn.countAll<number | string>().as('days')])
    .where('playtime_days.user_id', 'in', lannerIds(db))
    .where('playtime_days.play_day', '>=', firstDay)
    .where('playtime_days.play_day', '<=', lastDay)
    .groupBy('playtime_days.user_id')
    .execute();
  return new Map(rows.map((row) => [row.user_id, Number(row.days)]));
}

/**
 * Seconds per play day in [firstDay, lastDay], days without playtime left out. Joined to the
 * users who count rather than asking `in` them, so SQLite reads the days in order from the
 * (play day, user, seconds) index (migration 0019) instead of each user's year and a sort:
 * a year's days at scale 10 (50k rows) 27 → 9 ms.
 */
export async function sumPlaytimePerDay(
  db: Executor,
  firstDay: string,
  lastDay: string,
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('playtime_days')
    .innerJoin('users', 'users.id', 'playtime_days.user_id')
    .select((eb) => [
      'playtime_days.play_day',
      eb.fn.sum<number | string>('playtime_days.seconds').as('seconds'),
    ])
    .where('users.lanner_since', 'is not', null)
    .where('playtime_days.play_day', '>=', firstDay)
    .where('playtime_days.play_day', '<=', lastDay)
    .groupBy('playtime_days.play_day')
    .execute();
  return new Map(rows.map((row) => [row.play_day, seconds(row.seconds)]));
}

export type PlayerTotalRow = {
  userId: number;
  seconds: number;
  days: number;
  games: number;
  lastPlayDay: string;
};

/** All-time totals, most playtime first (ties by nickname), one page. */
export async function pagePlayerTotals(
  db: Executor,
  page: { offset: number; limit: number },
): Promise<{ rows: PlayerTotalRow[]; total: number }> {
  const base = db
    .selectFrom('player_totals')
    .innerJoin('users', 'users.id', 'player_totals.user_id')
    .where('users.lanner_since', 'is not', null);
  const { total } = await base
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await base
    .select([
      'player_totals.user_id',
      'player_totals.seconds',
      'player_totals.days',
      'player_totals.games',
      'player_totals.last_play_day',
    ])
    .orderBy('player_totals.seconds', 'desc')
    .orderBy('users.nickname')
    .orderBy('users.id')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return {
    rows: rows.map((row) => ({
      userId: row.user_id,
      seconds: seconds(row.seconds),
      days: row.days,
      games: row.games,
      lastPlayDay: row.last_play_day,
    })),
    total: Number(total),
  };
}

export type GameRow = { id: number; name: string };

export async function findGames(db: Executor, ids: readonly number[]): Promise<GameRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('games')
    .select(['id', 'name'])
    .where('id', 'in', [...new Set(ids)])
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export async function findUsers(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('users').selectAll().where('id', 'in', ids).execute();
}
