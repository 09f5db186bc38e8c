import type { UserProfile } from '@lanparty/contract';
import { describeBadge, steamPlaytimeWording, tournamentOfBadge } from '@lanparty/contract/rules';
import type { Executor } from '../../db/executor.ts';
import type { UserRow } from '../accounts/accounts.repository.ts';

/**
 * What the site tells a person on their profile's every read (issue 36): the badges they
 * have not seen yet, and whether to ask for their consent to record Steam playtime (Steam
 * linked, the current wording not answered). Both tables are in the `lans` data group, so
 * the kept own profile follows them.
 */
export async function findProfileNotices(
  db: Executor,
  user: UserRow,
): Promise<UserProfile['notices']> {
  const [badges, consent] = await Promise.all([
    db
      .selectFrom('user_badges')
      .select('badge_key')
      .where('user_id', '=', user.id)
      .where('seen_at', 'is', null)
      .orderBy('earned_on', 'desc')
      .orderBy('badge_key')
      .execute(),
    user.steam_id === null
      ? undefined
      : db
          .selectFrom('consents')
          .select('wording_version')
          .where('user_id', '=', user.id)
          .where('kind', '=', 'steam_playtime')
          .executeTakeFirst(),
  ]);
  const names = await findTournamentNames(
    db,
    badges.map((row) => row.badge_key),
  );
  return {
    newBadges: badges.map((row) => {
      const tournamentId = tournamentOfBadge(row.badge_key);
      return {
        key: row.badge_key,
        name:
          describeBadge(
            row.badge_key,
            tournamentId === undefined ? undefined : names.get(tournamentId),
          )?.name ?? row.badge_key,
      };
    }),
    asksSteamPlaytimeConsent:
      user.steam_id !== null &&
      (consent === undefined || consent.wording_version < steamPlaytimeWording.version),
  };
}

/** The names of the tournaments these badge keys name (issue 37), by id. */
async function findTournamentNames(
  db: Executor,
  keys: readonly string[],
): Promise<Map<number, string>> {
  const ids = keys.flatMap((key) => {
    const id = tournamentOfBadge(key);
    return id === undefined ? [] : [id];
  });
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('tournaments')
    .select(['id', 'name'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}
