import type { UserProfile, UserPublic } from '@lanparty/contract';
import { toBoolean, toIsoTimestamp } from '../../db/columns.ts';
import type { UserRow } from '../accounts/accounts.repository.ts';
import type { UserFacts } from './user-facts.repository.ts';

/** What the public shape needs of a user row; joined rows (subscribers) carry just this. */
export type PublicUserFields = Pick<UserRow, 'id' | 'nickname' | 'steam_id' | 'shows_history'>;

/** The stats of someone who hides their history (issue 36). */
const hiddenStats = { numberOfLans: null, lastLanOn: null };

/**
 * A user as anyone may see them, with the roles, lan stats and avatar read for them; the
 * stats left out while they hide their history.
 */
export function presentPublicUser(user: PublicUserFields, facts: UserFacts): UserPublic {
  return {
    id: user.id,
    nickname: user.nickname,
    steamId: user.steam_id,
    ...facts,
    stats: toBoolean(user.shows_history) ? facts.stats : hiddenStats,
  };
}

/** The whole profile: for the user themself and for member administrators. */
export function presentUserProfile(
  row: UserRow,
  facts: UserFacts,
  notices: UserProfile['notices'],
): UserProfile {
  return {
    ...presentPublicUser(row, facts),
    stats: facts.stats,
    showsHistory: toBoolean(row.shows_history),
    notices,
    email: row.email,
    isEmailActivated: toBoolean(row.is_email_activated),
    firstName: row.first_name,
    surname: row.surname,
    city: row.city,
    birthDate: row.birth_date,
    creationDate: toIsoTimestamp(row.creation_date),
    modificationDate: toIsoTimestamp(row.modification_date),
  };
}
