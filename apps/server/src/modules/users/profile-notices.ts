import type { UserProfile } from '@lanparty/contract';
import { describeBadge, steamPlaytimeWording, tournamentOfBadge } from '@lanparty/contract/rules';
import type { Executor } from '../../db/executor.ts';
import type { UserRow } from '../accounts/accounts.repository.ts';
import { findConsent } from '../accounts/consents.repository.ts';
import { findTournamentNames, findUnseenBadgeKeys } from './profile-notices.repository.ts';

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
  const [badgeKeys, consent] = await Promise.all([
    findUnseenBadgeKeys(db, user.id),
    user.steam_id === null ? undefined : findConsent(db, user.id, 'steam_playtime'),
  ]);
  // The names of the tournaments the badge keys name, by id.
  const names = await findTournamentNames(
    db,
    badgeKeys.flatMap((key) => {
      const id = tournamentOfBadge(key);
      return id === undefined ? [] : [id];
    }),
  );
  return {
    newBadges: badgeKeys.map((key) => {
      const tournamentId = tournamentOfBadge(key);
      return {
        key,
        name:
          describeBadge(key, tournamentId === undefined ? undefined : names.get(tournamentId))
            ?.name ?? key,
      };
    }),
    asksSteamPlaytimeConsent:
      user.steam_id !== null &&
      (consent === undefined || consent.wording_version < steamPlaytimeWording.version),
  };
}
