import type { Role, UserProfile, UserPublic } from '@lanparty/contract';
import { assetIdOf } from '@lanparty/contract/rules';
import { toBoolean, toIsoTimestamp } from '../../db/columns.ts';
import type { AppDatabase } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import { sharedLooks } from '../../db/shared-looks.ts';
import { findRoles, type UserRow } from '../accounts/accounts.repository.ts';
import { findImageVersions, imageVersionOf } from '../image-versions/image-versions.repository.ts';
import { findStatsAndImageOf, findUserStats, type UserStatsValue } from './users.repository.ts';

/** The stats of someone who has not been to a lan yet. */
const noLanStats: UserStatsValue = { numberOfLans: 0, lastLanOn: null };

/** What the public shape needs of a user row; joined rows (subscribers) carry just this. */
export type PublicUserFields = Pick<UserRow, 'id' | 'nickname' | 'steam_id'>;

type UserFacts = { roles: Role[]; stats: UserStatsValue; avatarVersion: string | null };

type StatsAndAvatar = { stats: UserStatsValue; avatarVersion: string | null };
const noStatsNorAvatar: StatsAndAvatar = { stats: noLanStats, avatarVersion: null };

/** Users' lan stats and avatar versions: one user's in one query, several users' in two. */
async function findStatsAndAvatars(
  db: Executor,
  userIds: readonly number[],
): Promise<Map<number, StatsAndAvatar>> {
  const facts = new Map<number, StatsAndAvatar>();
  const [only] = userIds;
  if (userIds.length === 1 && only !== undefined) {
    const { stats, etag } = await findStatsAndImageOf(db, only, assetIdOf('user', only));
    return facts.set(only, { stats, avatarVersion: etag && imageVersionOf(etag) });
  }
  const [stats, avatars] = await Promise.all([
    findUserStats(db, userIds),
    findImageVersions(
      db,
      userIds.map((id) => assetIdOf('user', id)),
    ),
  ]);
  for (const id of userIds)
    facts.set(id, {
      stats: stats.get(id) ?? noLanStats,
      avatarVersion: avatars.get(assetIdOf('user', id)) ?? null,
    });
  return facts;
}

/**
 * Every user shape carries roles, lan stats and the avatar's version: one read of each for
 * all the users of an answer, so a list of 45 costs three queries, not 45 (nor a request
 * per avatar from the browser: it knows from avatarVersion which ones exist).
 */
async function readUserFacts(db: Executor, userIds: readonly number[]) {
  const ids = [...new Set(userIds)];
  const [roles, facts] = await Promise.all([findRoles(db, ids), findStatsAndAvatars(db, ids)]);
  return (id: number): UserFacts => ({
    roles: roles.get(id) ?? [],
    ...(facts.get(id) ?? noStatsNorAvatar),
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

// The own profiles asked for together (after a change every request builds its own) read
// their users' stats and avatars in one look (db/shared-looks.ts): one query per look on
// PostgreSQL was most of a fresh profile's time.
const ownFactsLooks = new WeakMap<
  AppDatabase,
  (userId: number) => Promise<Map<number, StatsAndAvatar>>
>();

/** The signed-in user's own profile; their roles are the viewer's, read at the same version. */
export async function presentOwnProfile(
  db: AppDatabase,
  row: UserRow,
  roles: Role[],
): Promise<UserProfile> {
  let look = ownFactsLooks.get(db);
  if (!look) {
    look = sharedLooks((userIds: readonly number[]) => findStatsAndAvatars(db, userIds));
    ownFactsLooks.set(db, look);
  }
  const facts = (await look(row.id)).get(row.id) ?? noStatsNorAvatar;
  return toProfile(row, { roles, ...facts });
}

/**
 * The whole profile: for the user themself (after a save) and for member administrators.
 * Stats and avatar are one query, roles another.
 */
export async function presentUserProfile(db: Executor, row: UserRow): Promise<UserProfile> {
  const [facts, roles] = await Promise.all([
    findStatsAndAvatars(db, [row.id]),
    findRoles(db, [row.id]).then((byUser) => byUser.get(row.id) ?? []),
  ]);
  return toProfile(row, { roles, ...(facts.get(row.id) ?? noStatsNorAvatar) });
}

function toProfile(row: UserRow, facts: UserFacts): UserProfile {
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
