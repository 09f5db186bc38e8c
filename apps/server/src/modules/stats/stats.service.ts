import {
  type AllTimePlayerItem,
  formatTimeSpan,
  type Game,
  type GameLeaderboardMonth,
  type LeaderboardMonths,
  type Paged,
  type PlayerLeaderboardMonth,
  type RewindSummary,
  type RewindView,
  type UserPublic,
} from '@lanparty/contract';
import { unknownGameName } from '@lanparty/contract/rules';
import type { AppDatabase } from '../../db/database.ts';
import { ProblemError } from '../../http/problems.ts';
import { playDayOf } from '../playtime/play-days.ts';
import { presentPublicUsers } from '../users/users.service.ts';
import {
  countPlayDaysPerUser,
  findGames,
  findLastMonthBefore,
  findUsers,
  listMonthPlaytimes,
  listPlaytimeMonths,
  type PlaytimeSumRow,
  pagePlayerTotals,
  sumPlaytimePerDay,
  sumPlaytimePerUserGame,
  sumPlaytimes,
  type UserGamePlaytimeRow,
} from './stats.repository.ts';

export type StatsDeps = {
  db: AppDatabase;
  communityTimeZone: string;
};

const favoriteGamesPerUser = 5;
const busiestDayCount = 10;
const spikeCount = 5;

/** `yyyy-MM` of a month given as year and month number. */
export function monthKey(year: number, month: number): string {
  return `${year}-${String(month).padStart(2, '0')}`;
}

/** The month before, `yyyy-MM`. */
export function previousMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 1 ? monthKey(year - 1, 12) : monthKey(year, number - 1);
}

const monthDate = (month: string) => `${month}-01`;

/** The month of the play day running now. */
function currentMonth(deps: StatsDeps, now: Date): string {
  return playDayOf(now, deps.communityTimeZone).slice(0, 7);
}

// One collator for every comparison: localeCompare with a locale looks its collator up on
// each call, and a rewind compares thousands of names.
const byName = new Intl.Collator('en').compare;

/**
 * 1-based positions by total, most first, ties by name (then id, so the order is always
 * the same). Returns the ordered keys and each key's position. The leaderboards' order, and
 * the podium badges' (history).
 */
export function rank<K>(totals: Map<K, number>, nameOf: (key: K) => string): Map<K, number> {
  const ordered = [...totals.keys()].sort(
    (a, b) =>
      (totals.get(b) ?? 0) - (totals.get(a) ?? 0) ||
      byName(nameOf(a), nameOf(b)) ||
      String(a).localeCompare(String(b)),
  );
  return new Map(ordered.map((key, index) => [key, index + 1]));
}

function addTo<K>(totals: Map<K, number>, key: K, seconds: number) {
  totals.set(key, (totals.get(key) ?? 0) + seconds);
}

async function publicUsersById(deps: StatsDeps, ids: Iterable<number>) {
  const users = await presentPublicUsers(deps.db, await findUsers(deps.db, [...new Set(ids)]));
  return new Map(users.map((user) => [user.id, user]));
}

async function gamesById(deps: StatsDeps, ids: Iterable<number>): Promise<Map<number, Game>> {
  return new Map((await findGames(deps.db, [...new Set(ids)])).map((game) => [game.id, game]));
}

/** GET stats/leader-boards: the months that have playtime, newest first. */
export async function listLeaderboardMonths(deps: StatsDeps): Promise<LeaderboardMonths> {
  const months = (await listPlaytimeMonths(deps.db)).map(monthDate);
  return { users: months, games: [...months] };
}

/** The last complete month that has playtime; 404 when there is none. */
export async function findLastMonth(deps: StatsDeps, now = new Date()): Promise<string> {
  const month = await findLastMonthBefore(deps.db, currentMonth(deps, now));
  if (!month) throw new ProblemError(404, 'There is no complete month with playtime yet.');
  return month;
}

/** Seconds per user, per game, and per user per game of these rows. */
function totalsOf(rows: readonly UserGamePlaytimeRow[]) {
  const perUser = new Map<number, number>();
  const perGame = new Map<number, number>();
  const perUserGame = new Map<number, Map<number, number>>();
  for (const row of rows) {
    addTo(perUser, row.userId, row.seconds);
    addTo(perGame, row.gameId, row.seconds);
    const games = perUserGame.get(row.userId) ?? new Map<number, number>();
    addTo(games, row.gameId, row.seconds);
    perUserGame.set(row.userId, games);
  }
  return { perUser, perGame, perUserGame };
}

const sumsById = (rows: readonly PlaytimeSumRow[]) =>
  new Map(rows.map((row) => [row.id, row.seconds]));

/** Every player of a month, best first, with their position the month before. */
export async function playerLeaderboardMonth(
  deps: StatsDeps,
  month: string,
): Promise<PlayerLeaderboardMonth> {
  const before = previousMonth(month);
  const current = totalsOf(await listMonthPlaytimes(deps.db, month));
  const previous = sumsById(await sumPlaytimes(deps.db, 'user', before, before));
  const users = await publicUsersById(deps, [...current.perUser.keys(), ...previous.keys()]);
  const nameOf = (id: number) => users.get(id)?.nickname ?? '';
  const positions = rank(current.perUser, nameOf);
  const previousPositions = rank(previous, nameOf);
  const items = [...positions].map(([userId, position]) => ({
    user: users.get(userId) as UserPublic,
    totalPlaytime: formatTimeSpan(current.perUser.get(userId) ?? 0),
    position,
    previousPosition: previousPositions.get(userId) ?? null,
    games: Object.fromEntries(
      [...(current.perUserGame.get(userId) ?? [])].map(([gameId, seconds]) => [
        String(gameId),
        formatTimeSpan(seconds),
      ]),
    ),
  }));
  return { month: monthDate(month), items };
}

/** The most played games of a month (all players together), most first. */
export async function gameLeaderboardMonth(
  deps: StatsDeps,
  month: string,
  limit: number,
): Promise<GameLeaderboardMonth> {
  const before = previousMonth(month);
  const current = sumsById(await sumPlaytimes(deps.db, 'game', month, month));
  const previous = sumsById(await sumPlaytimes(deps.db, 'game', before, before));
  const games = await gamesById(deps, [...current.keys(), ...previous.keys()]);
  const nameOf = (id: number) => games.get(id)?.name ?? '';
  const positions = rank(current, nameOf);
  const previousPositions = rank(previous, nameOf);
  const items = [...positions].slice(0, limit).map(([gameId, position]) => ({
    game: games.get(gameId) ?? { id: gameId, name: unknownGameName(gameId) },
    totalPlaytime: formatTimeSpan(current.get(gameId) ?? 0),
    position,
    previousPosition: previousPositions.get(gameId) ?? null,
  }));
  return { month: monthDate(month), items };
}

/** GET stats/leader-boards/users: every player over all time, most playtime first. */
export async function allTimePlayers(
  deps: StatsDeps,
  page: { offset: number; limit: number },
): Promise<Paged<AllTimePlayerItem>> {
  const { rows, total } = await pagePlayerTotals(deps.db, page);
  const users = await publicUsersById(
    deps,
    rows.map((row) => row.userId),
  );
  return {
    items: rows.map((row) => ({
      user: users.get(row.userId) as UserPublic,
      totalNumberGames: row.games,
      totalNumberDays: row.days,
      totalPlaytime: formatTimeSpan(row.seconds),
      lastDatePlayed: row.lastPlayDay,
    })),
    ...page,
    total,
  };
}

/** GET stats/summaries: the years that have playtime, newest first. */
export async function listRewindYears(deps: StatsDeps): Promise<number[]> {
  const years = (await listPlaytimeMonths(deps.db)).map((month) => Number(month.slice(0, 4)));
  return [...new Set(years)];
}

function daysBetween(firstDay: string, lastDay: string): number {
  return Math.round((Date.parse(lastDay) - Date.parse(firstDay)) / 86_400_000) + 1;
}

/**
 * GET stats/summaries/{year}: built from the sums kept per year and per play day (migration
 * 0020), a few thousand rows however long the year's playtime; kept as the route's answer
 * until playtime, the users or the day change (decision 023).
 */
export async function rewindOfYear(
  deps: StatsDeps,
  year: number,
  now = new Date(),
): Promise<RewindSummary> {
  const firstDay = `${year}-01-01`;
  const today = playDayOf(now, deps.communityTimeZone);
  const lastDay = today < `${year}-12-31` ? today : `${year}-12-31`;
  const rows = await sumPlaytimePerUserGame(deps.db, year);
  if (rows.length === 0 || lastDay < firstDay)
    throw new ProblemError(404, `There is no rewind of ${year}.`);

  const { perUser, perGame, perUserGame } = totalsOf(rows);
  const [daysPerUser, perDay, users, games] = await Promise.all([
    countPlayDaysPerUser(deps.db, year, lastDay),
    sumPlaytimePerDay(deps.db, firstDay, lastDay),
    publicUsersById(deps, perUser.keys()),
    gamesById(deps, perGame.keys()),
  ]);
  const userOrder = [...rank(perUser, (id) => users.get(id)?.nickname ?? '').keys()];
  const gameName = (id: number) => games.get(id)?.name ?? '';
  const total = [...perUser.values()].reduce((sum, value) => sum + value, 0);

  return {
    year,
    games: [...games.values()],
    users: userOrder.flatMap((id) => users.get(id) ?? []),
    totalPlaytime: formatTimeSpan(total),
    avgPlaytimePerDay: formatTimeSpan(total / daysBetween(firstDay, lastDay)),
    avgPlaytimePerUser: formatTimeSpan(total / perUser.size),
    userPlaytimes: userOrder.map((userId) => {
      const seconds = perUser.get(userId) ?? 0;
      const numberOfDays = daysPerUser.get(userId) ?? 0;
      return {
        userId,
        numberOfDays,
        numberOfGames: perUserGame.get(userId)?.size ?? 0,
        totalPlaytime: formatTimeSpan(seconds),
        avgPlaytimePerDay: formatTimeSpan(numberOfDays > 0 ? seconds / numberOfDays : 0),
      };
    }),
    gamePlaytimes: [...rank(perGame, gameName).keys()].map((gameId) => ({
      gameId,
      totalPlaytime: formatTimeSpan(perGame.get(gameId) ?? 0),
    })),
    favoriteGames: userOrder.flatMap((userId) => {
      const played = perUserGame.get(userId) ?? new Map<number, number>();
      return [...rank(played, gameName).keys()].slice(0, favoriteGamesPerUser).map((gameId) => ({
        userId,
        gameId,
        totalPlaytime: formatTimeSpan(played.get(gameId) ?? 0),
      }));
    }),
    busiestDays: [...perDay]
      .sort(([dayA, a], [dayB, b]) => b - a || dayA.localeCompare(dayB))
      .slice(0, busiestDayCount)
      .map(([date, seconds]) => ({ date, totalPlaytime: formatTimeSpan(seconds) })),
    spikes: spikesOf(perDay)
      .slice(0, spikeCount)
      .map(({ date, increase }) => ({ date, playtimeIncrease: formatTimeSpan(increase) })),
  };
}

/**
 * What the rewind page shows its viewer (`view=viewer`): the favourite games of the viewer
 * alone (five of every player's were most of the answer); the users are written as
 * headlines by the view's schema.
 */
export function rewindViewOf(summary: RewindSummary, viewerId: number): RewindView {
  return {
    ...summary,
    favoriteGames: summary.favoriteGames.filter((entry) => entry.userId === viewerId),
  };
}

/** Days whose playtime rose over the day before (no playtime counts as zero), most first. */
function spikesOf(perDay: Map<string, number>): Array<{ date: string; increase: number }> {
  const previousDay = (day: string) =>
    new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return [...perDay]
    .map(([date, seconds]) => ({ date, increase: seconds - (perDay.get(previousDay(date)) ?? 0) }))
    .filter((spike) => spike.increase > 0)
    .sort((a, b) => b.increase - a.increase || a.date.localeCompare(b.date));
}
