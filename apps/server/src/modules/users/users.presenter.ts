import type { Role, UserProfile, UserPublic } from '@lanparty/contract';
import { assetIdOf } from '@lanparty/contract/rules';
import { toBoolean, toIsoTimestamp } from '../../db/columns.ts';
import type { Executor } from '../../db/executor.ts';
import { findRoles, type UserRow } from '../accounts/accounts.repository.ts';
import { findImageVersions, imageVersionOf } from '../image-versions/image-versions.repository.ts';
import { findStatsAndImageOf, findUserStats, type UserStatsValue } from './users.repository.ts';

/** The stats of someone who has not been to a lan yet. */
const noLanStats: UserStatsValue = { numberOfLans: 0, lastLanOn: null };

/** What the public shape needs of a user row; joined rows (subscribers) carry just this. */
export type PublicUserFields = Pick<UserRow, 'id' | 'nickname' | 'steam_id'>;

type UserFacts = { roles: Role[]; stats: UserStatsValue; avatarVersion: string | null };

/**
 * Every user shape carries roles, lan stats and the avatar's version: one read of each for
 * all the users of an answer, so a list of 45 costs three queries, not 45 (nor a request
 * per avatar from the browser: it knows from avatarVersion which ones exist).
 */
async function readUserFacts(db: Executor, userIds: readonly number[]) {
  const ids = [...new Set(userIds)];
  const [roles, stats, avatars] = await Promise.all([
    findRoles(db, ids),
    findUserStats(db, ids),
    findImageVersions(
      db,
      ids.map((id) => assetIdOf('user', id)),
    ),
  ]);
  return (id: number): UserFacts => ({
    roles: roles.get(id) ?? [],
    stats: stats.get(id) ?? noLanStats,
    avatarVersion: avatars.get(assetIdOf('user', id)) ?? null,
  });
}

function toPublicUser(user: PublicUserFields, facts: UserFacts): UserPublic {
  return { id: user.id, nickname: user.nickname, steamId: user.steam_id, ...facts };
}

/**
 * Presents users as anyone may see them, with roles, lan stats and avatar versions read
 * once for all of these ids: for answers that hold many users (lists, subscribers,
 * leaderboards).
 */
export async function createPublicUserPresenter(
  db: Executor,
  userIds: readonly number[],
): Promise<(user: PublicUserFields) => UserPublic> {
  const factsOf = await readUserFacts(db, userIds);
  return (user) => toPublicUser(user, factsOf(user.id));
}

/** Users as anyone may see them, with roles, lan stats and avatars, in the order given. */
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

/**
 * The whole profile: for the user themself and for member administrators. `roles`: the
 * user's roles when already read at the same data version (the viewer's own), else read.
 * Stats and avatar are one query for the one user.
 */
export async function presentUserProfile(
  db: Executor,
  row: UserRow,
  roles?: Role[],
): Promise<UserProfile> {
  const [{ stats, etag }, knownRoles] = await Promise.all([
    findStatsAndImageOf(db, row.id, assetIdOf('user', row.id)),
    roles ?? findRoles(db, [row.id]).then((byUser) => byUser.get(row.id) ?? []),
  ]);
  const facts = { roles: knownRoles, stats, avatarVersion: etag && imageVersionOf(etag) };
  return {
    ...toPublicUser(row, facts),
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
