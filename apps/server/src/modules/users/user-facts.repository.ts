import type { ClanSummary, Role } from '@lanparty/contract';
import { assetIdOf } from '@lanparty/contract/rules';
import type { Executor } from '../../db/executor.ts';
import { findRoles } from '../accounts/accounts.repository.ts';
import { findClanSummaries } from '../clans/clans.repository.ts';
import { findImageVersions, imageVersionOf } from '../image-versions/image-versions.repository.ts';
import { findStatsAndImageOf, findUserStats, type UserStatsValue } from './users.repository.ts';

/** What every user shape carries besides the user row: roles, lan stats, avatar version, clan. */
export type UserFacts = {
  roles: Role[];
  stats: UserStatsValue;
  avatarVersion: string | null;
  clan: ClanSummary | null;
};

export type StatsAndAvatar = Omit<UserFacts, 'roles'>;

/** The stats of someone who has not been to a lan yet, without an avatar or a clan. */
export const noStatsNorAvatar: StatsAndAvatar = {
  stats: { numberOfLans: 0, lastLanOn: null },
  avatarVersion: null,
  clan: null,
};

/**
 * Users' lan stats, avatar versions and clans: one user's in two queries, several users' in
 * three.
 */
export async function findStatsAndAvatars(
  db: Executor,
  userIds: readonly number[],
): Promise<Map<number, StatsAndAvatar>> {
  const facts = new Map<number, StatsAndAvatar>();
  const [only] = userIds;
  if (userIds.length === 1 && only !== undefined) {
    const [{ stats, etag }, clans] = await Promise.all([
      findStatsAndImageOf(db, only, assetIdOf('user', only)),
      findClanSummaries(db, userIds),
    ]);
    return facts.set(only, {
      stats,
      avatarVersion: etag && imageVersionOf(etag),
      clan: clans.get(only) ?? null,
    });
  }
  const [stats, avatars, clans] = await Promise.all([
    findUserStats(db, userIds),
    findImageVersions(
      db,
      userIds.map((id) => assetIdOf('user', id)),
    ),
    findClanSummaries(db, userIds),
  ]);
  for (const id of userIds)
    facts.set(id, {
      stats: stats.get(id) ?? noStatsNorAvatar.stats,
      avatarVersion: avatars.get(assetIdOf('user', id)) ?? null,
      clan: clans.get(id) ?? null,
    });
  return facts;
}

/**
 * Every user shape carries roles, lan stats, the avatar's version and the clan: one read of
 * each for all the users of an answer, so a list of 45 costs four queries, not 45 (nor a request
 * per avatar from the browser: it knows from avatarVersion which ones exist).
 */
export async function findUserFacts(
  db: Executor,
  userIds: readonly number[],
): Promise<(userId: number) => UserFacts> {
  const ids = [...new Set(userIds)];
  const [roles, facts] = await Promise.all([findRoles(db, ids), findStatsAndAvatars(db, ids)]);
  return (id) => ({ roles: roles.get(id) ?? [], ...(facts.get(id) ?? noStatsNorAvatar) });
}
