import type { Executor } from '../users/users.repository.ts';
import { splitByPlayDay } from './play-days.ts';

/** Makes sure a Steam app has a row, named "App {id}" until its real name is known. */
export async function ensureGames(db: Executor, gameIds: readonly number[], now: Date) {
  if (gameIds.length === 0) return;
  await db
    .insertInto('games')
    .values(
      [...new Set(gameIds)].map((id) => ({
        id,
        name: `App ${id}`,
        icon_hash: null,
        is_named: false,
        creation_date: now.toISOString(),
        modification_date: now.toISOString(),
      })),
    )
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}

/**
 * Adds played time to `playtimes` and `playtime_months`, split by play day. Run it in a
 * transaction with whatever closed the session, so the two tables never disagree.
 * The game must exist (`ensureGames`).
 */
export async function addPlaytime(
  db: Executor,
  played: { userId: number; gameId: number; start: Date; end: Date },
  timeZone: string,
): Promise<void> {
  const parts = splitByPlayDay(played.start, played.end, timeZone);
  if (parts.length === 0) return;
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
