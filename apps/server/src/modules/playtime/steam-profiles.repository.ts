import { type ExpressionBuilder, sql } from 'kysely';
import { toBoolean, toIsoTimestamp } from '../../db/columns.ts';
import type { AppDatabase } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import type { Database } from '../../db/schema.ts';
import type { SteamOwnedGame } from '../steam/steam-api.ts';
import { isSteamAppId } from './play-sessions.repository.ts';

/** A user's owned games are asked for at most once in this time. */
export const ownedGamesRefreshMs = 30 * 60_000;

/** What the profile page tells about a user's Steam game details. */
export type SteamProfileState = {
  /** Steam hides this user's games: a hint to make game details public. */
  isPrivate: boolean;
  /** When their owned games were last asked for; null when never. */
  gamesCheckedAt: string | null;
};

export type SteamUser = { userId: number; steamId: string };

const chunkSize = 500;

/**
 * Only people who agreed to have their playtime recorded (issue 36): a given consent, of
 * any wording (0: linked before the site asked, and not yet answered otherwise).
 */
function hasGivenConsent(eb: ExpressionBuilder<Database, 'users'>) {
  return eb.exists(
    eb
      .selectFrom('consents')
      .select('consents.user_id')
      .whereRef('consents.user_id', '=', 'users.id')
      .where('consents.kind', '=', 'steam_playtime')
      .where('consents.is_given', '=', true),
  );
}

/** Every user with a Steam id who agreed to be recorded: the ones the collector watches. */
export async function findSteamUsers(db: Executor): Promise<SteamUser[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'steam_id'])
    .where('steam_id', 'is not', null)
    .where(hasGivenConsent)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ userId: row.id, steamId: row.steam_id as string }));
}

/**
 * Up to `limit` users whose owned games were never asked for or not in the last 30
 * minutes. Users seen playing a game that still has no name come first (their library
 * names it), then the longest unchecked, so a big community is worked through in turns.
 */
export async function findUsersDueForOwnedGames(
  db: Executor,
  now: Date,
  limit: number,
): Promise<SteamUser[]> {
  const checkedBefore = new Date(now.getTime() - ownedGamesRefreshMs).toISOString();
  const rows = await db
    .selectFrom('users')
    .leftJoin('steam_profiles', 'steam_profiles.user_id', 'users.id')
    .select(['users.id', 'users.steam_id'])
    .where('users.steam_id', 'is not', null)
    .where(hasGivenConsent)
    .where((eb) =>
      eb.or([
        eb('steam_profiles.games_checked_at', 'is', null),
        eb('steam_profiles.games_checked_at', '<', checkedBefore),
      ]),
    )
    .orderBy(
      sql`case when exists (
        select 1 from play_sessions
        join games on games.id = play_sessions.game_id
        where play_sessions.user_id = users.id and games.is_named = ${false}
      ) then 0 else 1 end`,
    )
    .orderBy(sql`case when steam_profiles.games_checked_at is null then 0 else 1 end`)
    .orderBy('steam_profiles.games_checked_at')
    .orderBy('users.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ userId: row.id, steamId: row.steam_id as string }));
}

/**
 * Stores what GetOwnedGames told about a user: names and icons of their games (games not
 * known yet are added, named), and when they were checked. `undefined` games means Steam
 * hid them: the profile is flagged private until an answer with games clears it.
 */
export async function saveOwnedGames(
  db: AppDatabase,
  userId: number,
  games: readonly SteamOwnedGame[] | undefined,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (games) await nameGames(trx, games, now);
    await markGamesChecked(trx, userId, now, games === undefined);
  });
}

/**
 * Records that a user's games were asked for at `now`, leaving the private flag alone
 * unless `isPrivate` is given (a refused call tells nothing about it).
 */
export async function markGamesChecked(
  db: Executor,
  userId: number,
  now: Date,
  isPrivate?: boolean,
): Promise<void> {
  const checkedAt = now.toISOString();
  await db
    .insertInto('steam_profiles')
    .values({ user_id: userId, games_checked_at: checkedAt, is_private: isPrivate ?? false })
    .onConflict((conflict) =>
      conflict
        .column('user_id')
        .doUpdateSet(
          isPrivate === undefined
            ? { games_checked_at: checkedAt }
            : { games_checked_at: checkedAt, is_private: isPrivate },
        ),
    )
    .execute();
}

/** Whether Steam hides a user's games, and when they were last asked for. */
export async function findSteamProfileState(
  db: Executor,
  userId: number,
): Promise<SteamProfileState> {
  const row = await db
    .selectFrom('steam_profiles')
    .select(['is_private', 'games_checked_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return {
    isPrivate: row ? toBoolean(row.is_private) : false,
    gamesCheckedAt: row?.games_checked_at ? toIsoTimestamp(row.games_checked_at) : null,
  };
}

/** Upserts names and icon hashes; rows that already say the same are not rewritten. */
async function nameGames(db: Executor, games: readonly SteamOwnedGame[], now: Date) {
  // One row per app: PostgreSQL refuses to upsert the same row twice in one statement.
  const byId = new Map(
    games
      .filter((game) => isSteamAppId(game.appid) && game.name?.trim())
      .map((game) => [game.appid, game]),
  );
  const named = [...byId.values()];
  const nowText = now.toISOString();
  for (let start = 0; start < named.length; start += chunkSize) {
    await db
      .insertInto('games')
      .values(
        named.slice(start, start + chunkSize).map((game) => ({
          id: game.appid,
          name: (game.name as string).trim(),
          icon_hash: game.img_icon_url || null,
          is_named: true,
          creation_date: nowText,
          modification_date: nowText,
        })),
      )
      .onConflict((conflict) =>
        conflict
          .column('id')
          .doUpdateSet((eb) => ({
            name: eb.ref('excluded.name'),
            icon_hash: eb.ref('excluded.icon_hash'),
            is_named: true,
            modification_date: nowText,
          }))
          .where((eb) =>
            eb.or([
              eb('games.is_named', '=', false),
              eb('games.name', '!=', eb.ref('excluded.name')),
              eb(
                eb.fn.coalesce('games.icon_hash', sql.lit('')),
                '!=',
                eb.fn.coalesce('excluded.icon_hash', sql.lit('')),
              ),
            ]),
          ),
      )
      .execute();
  }
}
