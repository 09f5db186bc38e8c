import type { Executor } from '../../db/executor.ts';
import { playDayOf } from '../playtime/play-days.ts';
import { insertGamesIfMissing } from '../playtime/playtime.repository.ts';
import { insertRowsInChunks } from './demo-seeding.repository.ts';

/**
 * Three years of playtime for the demo community, so every stats screen is full: real
 * multiplayer titles (each from the day it came out), weekends busier than weekdays, lan
 * weekends busiest for the lanners who were there, and a few players who play far more
 * than the rest. Written straight into the tables the collector fills (per play day, the
 * month rollup and the all-time totals), not session by session.
 */

/** Steam app ids and names; `since` is when the game came out (yyyy-MM-dd). */
export const demoGames = [
  { id: 730, name: 'Counter-Strike 2', since: '2012-08-21' },
  { id: 570, name: 'Dota 2', since: '2013-07-09' },
  { id: 440, name: 'Team Fortress 2', since: '2007-10-10' },
  { id: 252950, name: 'Rocket League', since: '2015-07-07' },
  { id: 550, name: 'Left 4 Dead 2', since: '2009-11-17' },
  { id: 813780, name: 'Age of Empires II: Definitive Edition', since: '2019-11-14' },
  { id: 892970, name: 'Valheim', since: '2021-02-02' },
  { id: 548430, name: 'Deep Rock Galactic', since: '2020-05-13' },
  { id: 1172470, name: 'Apex Legends', since: '2020-11-04' },
  { id: 578080, name: 'PUBG: BATTLEGROUNDS', since: '2017-12-21' },
  { id: 4000, name: "Garry's Mod", since: '2006-11-29' },
  { id: 1172620, name: 'Sea of Thieves', since: '2020-06-03' },
  { id: 1966720, name: 'Lethal Company', since: '2023-10-23' },
  { id: 553850, name: 'HELLDIVERS 2', since: '2024-02-08' },
  { id: 431240, name: 'Golf With Your Friends', since: '2020-05-19' },
  { id: 427520, name: 'Factorio', since: '2020-08-14' },
] as const;

type Random = { next: () => number; below: (limit: number) => number };
export type DemoPlayer = { id: number };
export type DemoLanWeekend = { start: Date; end: Date; presentUserIds: readonly number[] };

const DAY = 24 * 60 * 60 * 1000;
const chunkSize = 400;

type Taste = { gameIds: number[]; weights: number[]; activity: number; intensity: number };

/** Three to five favourite games per player, and how often and how long they play. */
function tasteOf(random: Random, isHeavy: boolean): Taste {
  const count = 3 + random.below(3);
  const gameIds: number[] = [];
  while (gameIds.length < count) {
    const game = demoGames[random.below(demoGames.length)];
    if (game && !gameIds.includes(game.id)) gameIds.push(game.id);
  }
  return {
    gameIds,
    weights: gameIds.map((_, index) => 1 / (index + 1)),
    activity: isHeavy ? 0.75 : 0.15 + random.next() * 0.35,
    intensity: isHeavy ? 2.2 : 0.7 + random.next() * 0.8,
  };
}

function pickWeighted(random: Random, ids: number[], weights: number[]): number {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let roll = random.next() * total;
  for (const [index, id] of ids.entries()) {
    roll -= weights[index] ?? 0;
    if (roll <= 0) return id;
  }
  return ids[0] ?? 730;
}

/** The demo's games, named, unless they are there already. */
export async function insertDemoGames(db: Executor, now: Date): Promise<void> {
  const games = demoGames.map(({ id, name }) => ({ id, name, isNamed: true }));
  await insertGamesIfMissing(db, games, now);
}

export async function seedDemoPlaytime(
  trx: Executor,
  params: {
    players: readonly DemoPlayer[];
    lans: readonly DemoLanWeekend[];
    random: Random;
    now: Date;
    timeZone: string;
  },
): Promise<{ rows: number }> {
  const { players, lans, random, now, timeZone } = params;
  await insertDemoGames(trx, now);

  const lanDays = new Map<string, Set<number>>();
  for (const lan of lans) {
    for (let at = lan.start.getTime(); at < lan.end.getTime(); at += DAY / 2) {
      const day = playDayOf(new Date(at), timeZone);
      const present = lanDays.get(day) ?? new Set<number>();
      for (const id of lan.presentUserIds) present.add(id);
      lanDays.set(day, present);
    }
  }

  const today = playDayOf(now, timeZone);
  const firstDay = playDayOf(new Date(now.getTime() - 3 * 365 * DAY), timeZone);
  const perDay: PlaytimeRow[] = [];
  for (const [index, player] of players.entries()) {
    const taste = tasteOf(random, index % 10 === 0);
    for (let day = firstDay; day < today; day = nextDay(day)) {
      const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
      const isLan = lanDays.get(day)?.has(player.id) ?? false;
      const isWeekend = weekday === 5 || weekday === 6;
      const chance = isLan ? 0.97 : taste.activity * (isWeekend ? 1.4 : 0.7);
      if (random.next() >= chance) continue;
      const hours = isLan
        ? 6 + random.next() * 8
        : (0.5 + random.next() ** 2 * 3.5) * taste.intensity * (isWeekend ? 1.5 : 1);
      const available = taste.gameIds.filter((id) => releasedBy(id, day));
      if (available.length === 0) continue;
      const gameCount = isLan ? 2 + random.below(2) : 1 + random.below(2);
      const played = new Map<number, number>();
      let left = Math.round(hours * 3600);
      for (let game = 0; game < gameCount && left > 0; game += 1) {
        const gameId = pickWeighted(
          random,
          available,
          available.map((id) => taste.weights[taste.gameIds.indexOf(id)] ?? 0.1),
        );
        const seconds =
          game === gameCount - 1 ? left : Math.round(left * (0.4 + random.next() * 0.4));
        played.set(gameId, (played.get(gameId) ?? 0) + seconds);
        left -= seconds;
      }
      for (const [gameId, seconds] of played)
        if (seconds > 0)
          perDay.push({ user_id: player.id, game_id: gameId, play_day: day, seconds });
    }
  }

  await insertPlaytimeRows(trx, perDay);
  await insertPlayerTotals(trx, perDay);
  return { rows: perDay.length };
}

export type PlaytimeRow = { user_id: number; game_id: number; play_day: string; seconds: number };

/**
 * Writes generated playtime in bulk with its month and day rollups, for (user, game,
 * month)s and (user, day)s that have none yet (the demo; the stats benchmark, a few years at a time). The collector adds
 * time through `addPlaytime` instead.
 */
export async function insertPlaytimeRows(
  trx: Executor,
  perDay: readonly PlaytimeRow[],
  rowsPerInsert = chunkSize,
) {
  await insertRowsInChunks(trx, 'playtimes', perDay, rowsPerInsert);
  const months = new Map<
    string,
    { user_id: number; game_id: number; month: string; seconds: number }
  >();
  for (const row of perDay) {
    const month = row.play_day.slice(0, 7);
    const key = `${row.user_id} ${row.game_id} ${month}`;
    const known = months.get(key);
    if (known) known.seconds += row.seconds;
    else
      months.set(key, { user_id: row.user_id, game_id: row.game_id, month, seconds: row.seconds });
  }
  await insertRowsInChunks(trx, 'playtime_months', [...months.values()], rowsPerInsert);
  const days = new Map<string, { user_id: number; play_day: string; seconds: number }>();
  for (const row of perDay) {
    const key = `${row.user_id} ${row.play_day}`;
    const known = days.get(key);
    if (known) known.seconds += row.seconds;
    else days.set(key, { user_id: row.user_id, play_day: row.play_day, seconds: row.seconds });
  }
  await insertRowsInChunks(trx, 'playtime_days', [...days.values()], rowsPerInsert);
}

/** The all-time totals of users who had none, from all their generated playtime. */
export async function insertPlayerTotals(trx: Executor, perDay: readonly PlaytimeRow[]) {
  const totals = new Map<
    number,
    { seconds: number; days: Set<string>; games: Set<number>; last: string }
  >();
  for (const row of perDay) {
    const total = totals.get(row.user_id) ?? {
      seconds: 0,
      days: new Set<string>(),
      games: new Set<number>(),
      last: row.play_day,
    };
    total.seconds += row.seconds;
    total.days.add(row.play_day);
    total.games.add(row.game_id);
    if (row.play_day > total.last) total.last = row.play_day;
    totals.set(row.user_id, total);
  }
  const rows = [...totals].map(([userId, total]) => ({
    user_id: userId,
    seconds: total.seconds,
    days: total.days.size,
    games: total.games.size,
    last_play_day: total.last,
  }));
  await insertRowsInChunks(trx, 'player_totals', rows, chunkSize);
}
function releasedBy(gameId: number, day: string): boolean {
  const game = demoGames.find((candidate) => candidate.id === gameId);
  return game ? game.since <= day : false;
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY).toISOString().slice(0, 10);
}
