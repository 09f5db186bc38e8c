import { sql } from 'kysely';
import { dialectOf, toIsoTimestamp } from '../../db/columns.ts';
import type { AppDatabase } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import { addPlaytime, ensureGames } from './playtime.repository.ts';

/** A presence session that has not ended yet. Timestamps are ISO strings. */
export type OpenSession = {
  id: number;
  userId: number;
  gameId: number;
  startedAt: string;
  lastSeenAt: string;
};

/** A session not seen for longer than this is over (the sweeper closes it). */
export const staleSessionMs = 3 * 60_000;

/** The advisory lock of the presence transaction (any number no other lock uses). */
const presenceLockKey = 7_204_001;

/**
 * Inside a transaction: waits until no other server records presence, until it ends.
 * PostgreSQL only; SQLite has one writer at a time anyway.
 */
export async function lockPresenceRecording(trx: Executor): Promise<void> {
  if (dialectOf(trx as never) === 'postgres')
    await sql`select pg_advisory_xact_lock(${presenceLockKey})`.execute(trx);
}

/** games.id is a 32-bit integer; larger ids (non-Steam shortcuts, mods) are no Steam app. */
const maxGameId = 2_147_483_647;

/** Whether a number can be a Steam app id stored in `games`. */
export function isSteamAppId(id: number): boolean {
  return Number.isSafeInteger(id) && id > 0 && id <= maxGameId;
}

/** Keeps IN lists well below the bound-parameter limits of both engines. */
const chunkSize = 500;

/**
 * Running sessions (only those last seen before `seenBefore` when given); the collector
 * compares them with what Steam tells now.
 */
export async function findOpenSessions(db: Executor, seenBefore?: Date): Promise<OpenSession[]> {
  let query = db
    .selectFrom('play_sessions')
    .select(['id', 'user_id', 'game_id', 'started_at', 'last_seen_at'])
    .where('ended_at', 'is', null);
  if (seenBefore) query = query.where('last_seen_at', '<', seenBefore.toISOString());
  const rows = await query.orderBy('id').execute();
  return rows.map((row) => ({
    id: row.id,
    userId: row.user_id,
    gameId: row.game_id,
    startedAt: toIsoTimestamp(row.started_at),
    lastSeenAt: toIsoTimestamp(row.last_seen_at),
  }));
}

/** Marks running sessions as seen at `now`: the same game seen again extends its session. */
export async function extendSessions(
  db: Executor,
  sessionIds: readonly number[],
  now: Date,
): Promise<void> {
  for (const ids of chunks(sessionIds)) {
    await db
      .updateTable('play_sessions')
      .set({ last_seen_at: now.toISOString() })
      .where('id', 'in', ids)
      .where('ended_at', 'is', null)
      .execute();
  }
}

/** Starts a session per (user, game) seen at `now`, adding games not known yet. */
export async function openSessions(
  db: Executor,
  sessions: ReadonlyArray<{ userId: number; gameId: number }>,
  now: Date,
): Promise<void> {
  if (sessions.length === 0) return;
  await ensureGames(
    db,
    sessions.map((session) => session.gameId),
    now,
  );
  for (const part of chunks(sessions)) {
    await db
      .insertInto('play_sessions')
      .values(
        part.map((session) => ({
          user_id: session.userId,
          game_id: session.gameId,
          started_at: now.toISOString(),
          last_seen_at: now.toISOString(),
          ended_at: null,
        })),
      )
      .execute();
  }
}

/**
 * Ends a session at its last sighting and adds started..last seen to the playtimes. Run
 * it in a transaction, so the session never ends without its time (or counts twice):
 * only the call that actually ends the session adds the time.
 */
export async function closeSession(
  db: Executor,
  session: OpenSession,
  timeZone: string,
): Promise<boolean> {
  const result = await db
    .updateTable('play_sessions')
    .set({ ended_at: session.lastSeenAt })
    .where('id', '=', session.id)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await addPlaytime(
    db,
    {
      userId: session.userId,
      gameId: session.gameId,
      start: new Date(session.startedAt),
      end: new Date(session.lastSeenAt),
    },
    timeZone,
  );
  return true;
}

/**
 * The sweeper: ends every session not seen for more than 3 minutes, at its last sighting.
 * Steam may stop telling about a player (or stop answering at all); their time still
 * counts, up to when they were last seen. Returns how many sessions it ended.
 */
export async function closeStaleSessions(
  db: AppDatabase,
  now: Date,
  timeZone: string,
): Promise<number> {
  const cutoff = new Date(now.getTime() - staleSessionMs);
  return db.transaction().execute(async (trx) => {
    const stale = await findOpenSessions(trx, cutoff);
    let closed = 0;
    for (const session of stale) if (await closeSession(trx, session, timeZone)) closed += 1;
    return closed;
  });
}

function chunks<T>(items: readonly T[]): T[][] {
  const parts: T[][] = [];
  for (let start = 0; start < items.length; start += chunkSize)
    parts.push(items.slice(start, start + chunkSize));
  return parts;
}
