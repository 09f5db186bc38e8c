/*
 * The stats screens' rules in one place: which month a route means, how months group and
 * link, how playtimes read (spec §2: hours, or minutes per day for small daily averages),
 * rank changes, and the figures a rewind derives from its summary.
 */
import {
  type Game,
  type Lan,
  type LeaderboardMonths,
  monthNames,
  parseTimeSpan,
  type RewindView,
  type UserHeadline,
} from '@lanparty/contract';
import { unknownGameName } from '@lanparty/contract/rules';
import { formatDecimal } from '../../lib/format-number.ts';

import { monthNumberOf, yearOf } from './stats-paths.ts';

const SECONDS_PER_HOUR = 3600;

/** Spec §9: the rewind shows 5 favorite games. */
export const REWIND_GAMES_LIMIT = 5;

/** `October 2026`. */
export function formatMonth(month: string): string {
  return `${monthNameOf(month)} ${yearOf(month)}`;
}

export function monthNameOf(month: string): string {
  return monthNames[monthNumberOf(month) - 1] ?? month;
}

/** Every month with a player or a game leaderboard, newest first, each once. */
export function listMonthsWithData(months: LeaderboardMonths | undefined): string[] {
  if (!months) return [];
  return [...new Set([...months.users, ...months.games])].sort().reverse();
}

/** The months with data just before and after `month` (yyyy-MM-01 sorts as text). */
export function findNeighbourMonths(
  monthsNewestFirst: readonly string[],
  month: string,
): { older: string | undefined; newer: string | undefined } {
  return {
    older: monthsNewestFirst.find((candidate) => candidate < month),
    newer: monthsNewestFirst.findLast((candidate) => candidate > month),
  };
}

export type MonthsOfYear = { year: number; months: string[] };

/** Spec §2 archive: months grouped by year, newest year and month first. */
export function groupMonthsByYear(monthsNewestFirst: readonly string[]): MonthsOfYear[] {
  const groups: MonthsOfYear[] = [];
  for (const month of [...monthsNewestFirst].sort().reverse()) {
    const year = yearOf(month);
    const group = groups.at(-1);
    if (group?.year === year) group.months.push(month);
    else groups.push({ year, months: [month] });
  }
  return groups;
}

/** Seconds of a playtime's time-span text; NaN (shown as unknown) when it is not one. */
export function playtimeSeconds(text: string): number {
  return parseTimeSpan(text);
}

/** Hours with at most one decimal (`1,234.5`); `unknown` for an unreadable playtime. */
export function formatHours(seconds: number): string {
  return Number.isFinite(seconds) ? formatDecimal(seconds / SECONDS_PER_HOUR, 1) : 'unknown';
}

/** A playtime text as hours. */
export function formatPlaytimeHours(text: string): string {
  return formatHours(playtimeSeconds(text));
}

export type Figure = { value: string; unit: string };

/**
 * Spec §2: playtimes show as hours, but a daily average of 60 minutes or less shows as
 * minutes per day.
 */
export function describeDailyPlaytime(seconds: number): Figure {
  if (Number.isFinite(seconds) && seconds <= SECONDS_PER_HOUR) {
    return { value: formatDecimal(seconds / 60, 0), unit: 'minutes per day' };
  }
  return { value: formatHours(seconds), unit: 'hours per day' };
}

export type RankChange =
  | { kind: 'up' | 'down'; places: number }
  | { kind: 'same' | 'new' }
  | { kind: 'none' };

/**
 * A row's move against its previous position: null means it is new in the ranking,
 * undefined means there is nothing to compare with (no arrow at all).
 */
export function describeRankChange(
  position: number,
  previousPosition: number | null | undefined,
): RankChange {
  if (previousPosition === undefined) return { kind: 'none' };
  if (previousPosition === null) return { kind: 'new' };
  if (previousPosition > position) return { kind: 'up', places: previousPosition - position };
  if (previousPosition < position) return { kind: 'down', places: position - previousPosition };
  return { kind: 'same' };
}

/** The calendar day (yyyy-MM-dd) of a date or date-time text, as the API wrote it. */
function dayOf(date: string): string {
  return date.slice(0, 10);
}

/** The lan that covers a play day: the day lies between its start and end date. */
export function findLanCoveringDay<L extends Pick<Lan, 'startDate' | 'endDate'>>(
  lans: readonly L[],
  day: string,
): L | undefined {
  return lans.find((lan) => dayOf(lan.startDate) <= day && day <= dayOf(lan.endDate));
}

export type RankedPlayer = { user: UserHeadline; seconds: number; position: number };

/** The rewind's players, most playtime first (ties by nickname), with 1-based positions. */
export function rankRewindPlayers(summary: RewindView): RankedPlayer[] {
  const users = new Map(summary.users.map((user) => [user.id, user]));
  return summary.userPlaytimes
    .map((entry) => ({
      user: users.get(entry.userId) ?? unknownUser(entry.userId),
      seconds: playtimeSeconds(entry.totalPlaytime),
    }))
    .sort(
      (a, b) =>
        (Number.isNaN(b.seconds) ? -1 : b.seconds) - (Number.isNaN(a.seconds) ? -1 : a.seconds) ||
        a.user.nickname.localeCompare(b.user.nickname),
    )
    .map((player, index) => ({ ...player, position: index + 1 }));
}

/** Each player's position in a year's rewind, to compare the next year with. */
export function mapRewindPositions(summary: RewindView): Map<number, number> {
  return new Map(rankRewindPlayers(summary).map((player) => [player.user.id, player.position]));
}

export type GamePlaytime = { game: Game; seconds: number };

function gameLookup(summary: RewindView): (gameId: number) => Game {
  const games = new Map(summary.games.map((game) => [game.id, game]));
  return (gameId) => games.get(gameId) ?? { id: gameId, name: unknownGameName(gameId) };
}

function topByPlaytime<Entry extends { gameId: number; totalPlaytime: string }>(
  summary: RewindView,
  entries: readonly Entry[],
): GamePlaytime[] {
  const findGame = gameLookup(summary);
  return entries
    .map((entry) => ({
      game: findGame(entry.gameId),
      seconds: playtimeSeconds(entry.totalPlaytime),
    }))
    .filter((entry) => Number.isFinite(entry.seconds))
    .sort((a, b) => b.seconds - a.seconds || a.game.name.localeCompare(b.game.name))
    .slice(0, REWIND_GAMES_LIMIT);
}

/** The community's 5 most played games of the year (spec: "our favorite games"). */
export function listOurFavoriteGames(summary: RewindView): GamePlaytime[] {
  return topByPlaytime(summary, summary.gamePlaytimes);
}

/** One player's 5 most played games of the year (spec: "your favorite games"). */
export function listFavoriteGamesOf(summary: RewindView, userId: number): GamePlaytime[] {
  return topByPlaytime(
    summary,
    summary.favoriteGames.filter((entry) => entry.userId === userId),
  );
}

function unknownUser(id: number): UserHeadline {
  return { id, nickname: `Player ${id}`, avatarVersion: null };
}
