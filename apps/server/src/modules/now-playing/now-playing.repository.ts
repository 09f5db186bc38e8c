import { toIsoTimestamp } from '../../db/columns.ts';
import type { Executor } from '../../db/executor.ts';

/** A present participant of a lan who lets lan screens show what they play. */
export type ShownPlayer = { userId: number; nickname: string };

/**
 * The lan's participants marked present (check-in or the presence switch) who let lan
 * screens show them (`users.shows_on_screens`); the others are counted nowhere.
 */
export async function findShownPlayers(db: Executor, lanId: number): Promise<ShownPlayer[]> {
  const rows = await db
    .selectFrom('subscribers')
    .innerJoin('users', 'users.id', 'subscribers.user_id')
    .select(['users.id', 'users.nickname'])
    .where('subscribers.lan_id', '=', lanId)
    .where('subscribers.present', '=', true)
    .where('users.shows_on_screens', '=', true)
    .execute();
  return rows.map((row) => ({ userId: row.id, nickname: row.nickname }));
}

/** A play session of one of the players, as far as it is known (`lastSeenAt` while open). */
export type PlayedSpan = {
  userId: number;
  gameId: number;
  gameName: string;
  startedAt: string;
  lastSeenAt: string;
  endedAt: string | null;
};

/** Keeps IN lists well below the bound-parameter limits of both engines. */
const chunkSize = 500;

/**
 * The players' play sessions within `from`..`until` (open ones included): those seen after
 * it began, and of an ended lan (`until`) begun before it ended, so an old lan reads its own
 * sessions, not every one since (issue 50; `play_sessions_user_started_index`, 0032). A
 * running lan gives no end: every session begins before it, and the bound would steer
 * SQLite's planner, which has no statistics, off `play_sessions_user_seen_index` (0027)
 * onto the players' whole history.
 */
export async function findSpansWithin(
  db: Executor,
  userIds: readonly number[],
  from: Date,
  until: Date | null,
): Promise<PlayedSpan[]> {
  const spans: PlayedSpan[] = [];
  for (let start = 0; start < userIds.length; start += chunkSize) {
    const rows = await db
      .selectFrom('play_sessions')
      .innerJoin('games', 'games.id', 'play_sessions.game_id')
      .select([
        'play_sessions.user_id',
        'play_sessions.game_id',
        'games.name',
        'play_sessions.started_at',
        'play_sessions.last_seen_at',
        'play_sessions.ended_at',
      ])
      .where('play_sessions.user_id', 'in', userIds.slice(start, start + chunkSize))
      .where('play_sessions.last_seen_at', '>', from.toISOString())
      .$if(until !== null, (query) =>
        query.where('play_sessions.started_at', '<', (until as Date).toISOString()),
      )
      .execute();
    for (const row of rows)
      spans.push({
        userId: row.user_id,
        gameId: row.game_id,
        gameName: row.name,
        startedAt: toIsoTimestamp(row.started_at),
        lastSeenAt: toIsoTimestamp(row.last_seen_at),
        endedAt: row.ended_at === null ? null : toIsoTimestamp(row.ended_at),
      });
  }
  return spans;
}
