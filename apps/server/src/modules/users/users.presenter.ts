import type { Role, UserProfile, UserPublic } from '@lanparty/contract';
import { toBoolean, toIsoTimestamp } from '../../db/columns.ts';
import type { Executor } from '../../db/executor.ts';
import { findRoles, type UserRow } from '../accounts/accounts.repository.ts';
import { findUserStats, type UserStatsValue } from './users.repository.ts';

/** The stats of someone who has not been to a lan yet. */
const noLanStats: UserStatsValue = { numberOfLans: 0, lastLanOn: null };

/** What the public shape needs of a user row; joined rows (subscribers) carry just this. */
export type PublicUserFields = Pick<UserRow, 'id' | 'nickname' | 'steam_id'>;

/** Every user shape carries roles and lan stats: one read for all the users of an answer. */
async function readRolesAndStats(db: Executor, userIds: readonly number[]) {
  const ids = [...new Set(userIds)];
  const [roles, stats] = await Promise.all([findRoles(db, ids), findUserStats(db, ids)]);
  return (id: number) => ({ roles: roles.get(id) ?? [], stats: stats.get(id) ?? noLanStats });
}

function toPublicUser(
  user: PublicUserFields,
  facts: { roles: Role[]; stats: UserStatsValue },
): UserPublic {
  return { id: user.id, nickname: user.nickname, steamId: user.steam_id, ...facts };
}

/**
 * Presents users as anyone may see them, with roles and lan stats read once for all of
 * these ids: for answers that hold many users (lists, subscribers, leaderboards).
 */
export async function createPublicUserPresenter(
  db: Executor,
  userIds: readonly number[],
): Promise<(user: PublicUserFields) => UserPublic> {
  const factsOf = await readRolesAndStats(db, userIds);
  return (user) => toPublicUser(user, factsOf(user.id));
}

/** Users as anyone may see them, with roles and lan stats, in the order given. */
export async function presentPublicUsers(
  db: Executor,
  users: readonly PublicUserFields[],
): Promise<UserPublic[]> {
  const presentUser = await createPublicUserPresenter(
    db,
    users.map((user) => user.id),
  );
  return users.map(presentUser);
}

/** The whole profile: for the user themself and for member administrators. */
export async function presentUserProfile(db: Executor, row: UserRow): Promise<UserProfile> {
  const factsOf = await readRolesAndStats(db, [row.id]);
  return {
    ...toPublicUser(row, factsOf(row.id)),
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
