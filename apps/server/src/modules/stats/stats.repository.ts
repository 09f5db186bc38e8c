import { countRowsOf } from '../../db/count-rows.ts';
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

/**
 * Seconds per (month, user) of the months before `beforeMonth`, of everyone who played:
 * who counts, and by what nickname, the caller reads apart (`findCountedNicknames`), so
 * these sums (the dear part) are kept while only playtime is unchanged (the history's
 * podiums).
 */
export async function sumPlaytimePerMonthAndUser(
  db: Executor,
  beforeMonth: string,
): Promise<{ month: string; userId: number; seconds: number }[]> {
  const rows = await db
    .selectFrom('playtime_months')
    .select((eb) => ['month', 'user_id', eb.fn.sum<number | string>('seconds').as('seconds')])
    .where('month', '<', beforeMonth)
    .groupBy(['month', 'user_id'])
    .execute();
  return rows.map((row) => ({
    month: row.month,
    userId: row.user_id,
    seconds: seconds(row.seconds),
  }));
}

/** The nickname of every user who counts in the stats, by id. */
export async function findCountedNicknames(db: Executor): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'nickname'])
    .where('lanner_since', 'is not', null)
    .execute();
  return new Map(rows.map((row) => [row.id, row.nickname]));
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

/**
 * Seconds per (user, game) of a year, of the users who count: kept per year as playtime is
 * written (migration 0020), a year at scale 10 is 1.6k rows instead of 17k months to sum.
 */
export async function sumPlaytimePerUserGame(
  db: Executor,
  year: number,
): Promise<UserGamePlaytimeRow[]> {
  const rows = await db
    .selectFrom('playtime_years')
    .innerJoin('users', 'users.id', 'playtime_years.user_id')
    .select(['playtime_years.user_id', 'playtime_years.game_id', 'playtime_years.seconds'])
    .where('users.lanner_since', 'is not', null)
    .where('playtime_years.year', '=', String(year))
    .execute();
  return rows.map((row) => ({
    userId: row.user_id,
    gameId: row.game_id,
    seconds: seconds(row.seconds),
  }));
}

/** The users who do not count: few, so their play days are looked up user by user. */
function othersIds(db: Executor) {
  return db.selectFrom('users').select('users.id').where('users.lanner_since', 'is', null);
}

/**
 * The number of play days each user who counts played in `year` up to `lastDay`: the
 * year's days kept per user (migration 0020), less any after `lastDay` (none but in a
 * year still running, where the days after today are still to come).
 */
export async function countPlayDaysPerUser(
  db: Executor,
  year: number,
  lastDay: string,
): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('playtime_user_years')
    .innerJoin('users', 'users.id', 'playtime_user_years.user_id')
    .select(['playtime_user_years.user_id', 'playtime_user_years.days'])
    .where('users.lanner_since', 'is not', null)
    .where('playtime_user_years.year', '=', String(year))
    .execute();
  const days = new Map(rows.map((row) => [row.user_id, row.days]));
  const later = await db
    .selectFrom('playtime_days')
    .select((eb) => ['playtime_days.user_id', eb.fn.countAll<number | string>().as('days')])
    .where('playtime_days.play_day', '>', lastDay)
    .where('playtime_days.play_day', '<=', `${year}-12-31`)
    .groupBy('playtime_days.user_id')
    .execute();
  for (const row of later) {
    const left = (days.get(row.user_id) ?? 0) - Number(row.days);
    if (left > 0) days.set(row.user_id, left);
    else days.delete(row.user_id);
  }
  return days;
}

/**
 * Seconds per play day in [firstDay, lastDay] of the users who count, days without their
 * playtime left out: every user's sum of the day, kept as playtime is written (migration
 * 0020), less what users who do not count played (a year at scale 10: 365 sums and a few
 * rows instead of 50k rows to sum).
 */
export async function sumPlaytimePerDay(
  db: Executor,
  firstDay: string,
  lastDay: string,
): Promise<Map<string, number>> {
  const totals = await db
    .selectFrom('play_day_totals')
    .select(['play_day', 'seconds'])
    .where('play_day', '>=', firstDay)
    .where('play_day', '<=', lastDay)
    .orderBy('play_day')
    .execute();
  const others = await db
    .selectFrom('playtime_days')
    .select((eb) => [
      'playtime_days.play_day',
      eb.fn.sum<number | string>('playtime_days.seconds').as('seconds'),
    ])
    .where('playtime_days.user_id', 'in', othersIds(db))
    .where('playtime_days.play_day', '>=', firstDay)
    .where('playtime_days.play_day', '<=', lastDay)
    .groupBy('playtime_days.play_day')
    .execute();
  const perDay = new Map(totals.map((row) => [row.play_day, seconds(row.seconds)]));
  for (const row of others) {
    const left = (perDay.get(row.play_day) ?? 0) - seconds(row.seconds);
    if (left > 0) perDay.set(row.play_day, left);
    else perDay.delete(row.play_day);
  }
  return perDay;
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
  const total = await countRowsOf(base);
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
    total,
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
