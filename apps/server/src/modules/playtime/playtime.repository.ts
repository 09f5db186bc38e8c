import { unknownGameName } from '@lanparty/contract/rules';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import { type PlayDayPart, splitByPlayDay } from './play-days.ts';

/** Makes sure a Steam app has a row, named "Game {id}" until its real name is known. */
export async function ensureGames(db: Executor, gameIds: readonly number[], now: Date) {
  const games = [...new Set(gameIds)].map((id) => ({
    id,
    name: unknownGameName(id),
    isNamed: false,
  }));
  await insertGamesIfMissing(db, games, now);
}

/**
 * Games, each id once, unless a game of that id is there already: a row there keeps its
 * name (the Steam library reads rename games, steam-profiles.repository.ts). The collector
 * and the demo both add their games through it.
 */
export async function insertGamesIfMissing(
  db: Executor,
  games: readonly { id: number; name: string; isNamed: boolean }[],
  now: Date,
): Promise<void> {
  if (games.length === 0) return;
  await db
    .insertInto('games')
    .values(
      games.map((game) => ({
        id: game.id,
        name: game.name,
        icon_hash: null,
        is_named: game.isNamed,
        creation_date: now.toISOString(),
        modification_date: now.toISOString(),
      })),
    )
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}

/**
 * Adds played time to `playtimes` and its rollups (`playtime_months`, `playtime_days`,
 * `player_totals`), split by play day. Run it in a transaction with whatever closed the
 * session, so the tables never disagree.
 * The game must exist (`ensureGames`).
 */
export async function addPlaytime(
  db: Executor,
  played: { userId: number; gameId: number; start: Date; end: Date },
  timeZone: string,
): Promise<void> {
  const parts = splitByPlayDay(played.start, played.end, timeZone);
  if (parts.length === 0) return;
  await addToPlayerTotals(db, played, parts);
  await db
    .insertInto('playtimes')
    .values(
      parts.map((part) => ({
        user_id: played.userId,
        game_id: played.gameId,
        play_day: part.playDay,
        seconds: part.seconds,
      })),
    )
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'game_id', 'play_day']).doUpdateSet((eb) => ({
        seconds: eb('playtimes.seconds', '+', eb.ref('excluded.seconds')),
      })),
    )
    .execute();
  await db
    .insertInto('playtime_days')
    .values(
      parts.map((part) => ({
        user_id: played.userId,
        play_day: part.playDay,
        seconds: part.seconds,
      })),
    )
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'play_day']).doUpdateSet((eb) => ({
        seconds: eb('playtime_days.seconds', '+', eb.ref('excluded.seconds')),
      })),
    )
    .execute();
  const months = new Map<string, number>();
  for (const part of parts) {
    const month = part.playDay.slice(0, 7);
    months.set(month, (months.get(month) ?? 0) + part.seconds);
  }
  await db
    .insertInto('playtime_months')
    .values(
      [...months].map(([month, seconds]) => ({
        user_id: played.userId,
        game_id: played.gameId,
        month,
        seconds,
      })),
    )
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'game_id', 'month']).doUpdateSet((eb) => ({
        seconds: eb('playtime_months.seconds', '+', eb.ref('excluded.seconds')),
      })),
    )
    .execute();
}

/**
 * The all-time row of the user: seconds, and play days and games only when they are new
 * (asked before `playtime_days` and `playtime_months` get the new rows).
 */
async function addToPlayerTotals(
  db: Executor,
  played: { userId: number; gameId: number },
  parts: readonly PlayDayPart[],
): Promise<void> {
  const playDays = parts.map((part) => part.playDay);
  const knownDays = await db
    .selectFrom('playtime_days')
    .select('play_day')
    .where('user_id', '=', played.userId)
    .where('play_day', 'in', playDays)
    .execute();
  const knownGame = await db
    .selectFrom('playtime_months')
    .select('month')
    .where('user_id', '=', played.userId)
    .where('game_id', '=', played.gameId)
    .limit(1)
    .executeTakeFirst();
  const lastPlayDay = playDays.reduce((last, day) => (day > last ? day : last));
  await db
    .insertInto('player_totals')
    .values({
      user_id: played.userId,
      seconds: parts.reduce((sum, part) => sum + part.seconds, 0),
      days: playDays.length - knownDays.length,
      games: knownGame ? 0 : 1,
      last_play_day: lastPlayDay,
    })
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet((eb) => ({
        seconds: eb('player_totals.seconds', '+', eb.ref('excluded.seconds')),
        days: eb('player_totals.days', '+', eb.ref('excluded.days')),
        games: eb('player_totals.games', '+', eb.ref('excluded.games')),
        last_play_day: sql<string>`case when excluded.last_play_day > player_totals.last_play_day
          then excluded.last_play_day else player_totals.last_play_day end`,
      })),
    )
    .execute();
}

/**
 * Deletes the playtime collected of a person: their sessions, and their playtime per day
 * with its sums (the yearly and daily rollups follow by triggers). Run it in a transaction.
 */
export async function deletePlaytimeOf(db: Executor, userId: number): Promise<void> {
  for (const table of [
    'play_sessions',
    'playtimes',
    'playtime_months',
    'playtime_days',
    'player_totals',
  ] as const)
    await db.deleteFrom(table).where('user_id', '=', userId).execute();
}
