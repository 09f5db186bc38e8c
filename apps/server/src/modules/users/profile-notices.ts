import type { UserProfile } from '@lanparty/contract';
import { describeBadge, steamPlaytimeWording } from '@lanparty/contract/rules';
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
  return {
    newBadges: badges.map((row) => ({
      key: row.badge_key,
      name: describeBadge(row.badge_key)?.name ?? row.badge_key,
    })),
    asksSteamPlaytimeConsent:
      user.steam_id !== null &&
      (consent === undefined || consent.wording_version < steamPlaytimeWording.version),
  };
}
