import type { Role, UserPublic } from '@lanparty/contract';
import { toIsoTimestamp } from '../../db/columns.ts';
import { countRowsOf } from '../../db/count-rows.ts';
import type { Executor } from '../../db/executor.ts';
import { queryOnce } from '../../db/query-once.ts';
import type { UserRow } from '../accounts/accounts.repository.ts';

export type UserStatsValue = UserPublic['stats'];

export type UserListFilter = {
  userIds?: readonly number[];
  /** Users with any of these roles. */
  roles?: readonly Role[];
  /** Users with none of these roles. */
  missingRoles?: readonly Role[];
  /**
   * By nickname; the most lans attended first (then by nickname; those who hide their
   * history count none); the newest sign-ups first; by id otherwise.
   */
  sort?: 'nickname' | 'lansAttended' | 'newest';
  offset: number;
  limit: number;
};

export async function listUsers(
  db: Executor,
  filter: UserListFilter,
): Promise<{ rows: UserRow[]; total: number }> {
  let query = db.selectFrom('users');
  // Erased accounts are listed nowhere, but still found by id (a past leaderboard's).
  if (filter.userIds && filter.userIds.length > 0)
    query = query.where('users.id', 'in', [...filter.userIds]);
  else query = query.where('users.erased_at', 'is', null);
  if (filter.roles && filter.roles.length > 0) {
    const roles = [...filter.roles];
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_roles')
          .select('user_roles.user_id')
          .whereRef('user_roles.user_id', '=', 'users.id')
          .where('user_roles.role', 'in', roles),
      ),
    );
  }
  if (filter.missingRoles && filter.missingRoles.length > 0) {
    const missing = [...filter.missingRoles];
    // NOT IN rather than NOT EXISTS: PostgreSQL hashes the few holders of the roles once,
    // where without statistics on the tables (a fresh or bulk-loaded database, before an
    // ANALYZE) it planned NOT EXISTS as one scan of them per user, 20 ms at a few hundred
    // users. user_roles.user_id is never null, so NOT IN means the same.
    query = query.where(
      'users.id',
      'not in',
      db
        .selectFrom('user_roles')
        .select('user_roles.user_id')
        .where('user_roles.role', 'in', missing),
    );
  }
  const total = await countRowsOf(query);
  let page = query.selectAll('users');
  const endedBefore = new Date().toISOString();
  page =
    filter.sort === 'nickname'
      ? page.orderBy((eb) => eb.fn('lower', ['users.nickname'])).orderBy('users.id')
      : filter.sort === 'lansAttended'
        ? page
            .orderBy(
              (eb) =>
                eb
                  .case()
                  .when('users.shows_history', '=', true)
                  .then(
                    lansBeenTo(db, endedBefore)
                      .where('subscribers.user_id', '=', eb.ref('users.id'))
                      .select((inner) => inner.fn.countAll<number>().as('count')),
                  )
                  .else(0)
                  .end(),
              'desc',
            )
            .orderBy((eb) => eb.fn('lower', ['users.nickname']))
            .orderBy('users.id')
        : filter.sort === 'newest'
          ? page.orderBy('users.creation_date', 'desc').orderBy('users.id', 'desc')
          : page.orderBy('users.id');
  const rows = await page.limit(filter.limit).offset(filter.offset).execute();
  return { rows, total };
}

/**
 * The subscriptions that count for numberOfLans and lastLanOn: the lans attended (issue 36),
 * where the user was marked present at an active lan that ended before `endedBefore`. The
 * one rule of attendance: the history and its badges count the same rows.
 */
export function lansBeenTo(db: Executor, endedBefore: string) {
  return db
    .selectFrom('subscribers')
    .innerJoin('lans', 'lans.id', 'subscribers.lan_id')
    .where('subscribers.present', '=', true)
    .where('lans.is_active', '=', true)
    .where('lans.end_date', '<', endedBefore);
}

function toStats(count: number | string, last: unknown): UserStatsValue {
  return {
    numberOfLans: Number(count),
    lastLanOn: last === null || last === undefined ? null : toIsoTimestamp(last as Date | string),
  };
}

/** The lan stats of these users. Users who have been to no lan are not in the map. */
export async function findUserStats(
  db: Executor,
  userIds: readonly number[],
  now = new Date(),
): Promise<Map<number, UserStatsValue>> {
  const stats = new Map<number, UserStatsValue>();
  if (userIds.length === 0) return stats;
  const rows = await lansBeenTo(db, now.toISOString())
    .select((eb) => [
      'subscribers.user_id',
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.max('lans.start_date').as('last'),
    ])
    .where('subscribers.user_id', 'in', [...userIds])
    .groupBy('subscribers.user_id')
    .execute();
  for (const row of rows) stats.set(row.user_id, toStats(row.count, row.last));
  return stats;
}

const statsAndImageOfOne = queryOnce(
  (db, values: { userId: number; endedBefore: string; assetId: string }) =>
    db.selectNoFrom((eb) => [
      lansBeenTo(db, values.endedBefore)
        .where('subscribers.user_id', '=', values.userId)
        .select((inner) => inner.fn.countAll<number | string>().as('count'))
        .as('count'),
      lansBeenTo(db, values.endedBefore)
        .where('subscribers.user_id', '=', values.userId)
        .select((inner) => inner.fn.max('lans.start_date').as('last'))
        .as('last'),
      eb.selectFrom('assets').select('etag').where('asset_id', '=', values.assetId).as('etag'),
    ]),
);

/**
 * One user's lan stats and the ETag of the image `assetId` (their avatar; null: none), in
 * one query: the own profile, read on every request after a change.
 */
export async function findStatsAndImageOf(
  db: Executor,
  userId: number,
  assetId: string,
  now = new Date(),
): Promise<{ stats: UserStatsValue; etag: string | null }> {
  const [row] = await statsAndImageOfOne(db, {
    userId,
    endedBefore: now.toISOString(),
    assetId,
  });
  return { stats: toStats(row?.count ?? 0, row?.last), etag: row?.etag ?? null };
}

/** Left out: unchanged; null: cleared. `email` is stored as given: normalise it first. */
export type ProfileColumns = {
  firstName?: string | null;
  surname?: string | null;
  city?: string | null;
  birthDate?: string | null;
  /** A new address, unverified until its link is opened. */
  email?: string | null;
};

export async function updateProfile(
  db: Executor,
  userId: number,
  changes: ProfileColumns,
  now: Date,
): Promise<UserRow> {
  return db
    .updateTable('users')
    .set({
      ...(changes.firstName === undefined ? {} : { first_name: changes.firstName }),
      ...(changes.surname === undefined ? {} : { surname: changes.surname }),
      ...(changes.city === undefined ? {} : { city: changes.city }),
      ...(changes.birthDate === undefined ? {} : { birth_date: changes.birthDate }),
      ...(changes.email === undefined ? {} : { email: changes.email, is_email_activated: false }),
      modification_date: now.toISOString(),
    })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Whether lan screens and now playing show what the user plays (issue 35). */
export async function setShowsOnScreens(
  db: Executor,
  userId: number,
  showsOnScreens: boolean,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ shows_on_screens: showsOnScreens })
    .where('id', '=', userId)
    .execute();
}

export async function markEmailActivated(db: Executor, userId: number, now: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ is_email_activated: true, modification_date: now.toISOString() })
    .where('id', '=', userId)
    .execute();
}

export async function updateSteamProfile(
  db: Executor,
  userId: number,
  profile: { nickname: string; steamAvatarUrl: string | null },
  now = new Date(),
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      nickname: profile.nickname,
      steam_avatar_url: profile.steamAvatarUrl,
      modification_date: now.toISOString(),
    })
    .where('id', '=', userId)
    .execute();
}

/** The next active lan that has not ended, for a mail that points a new lanner to it. */
export async function findNextOpenLan(
  db: Executor,
  now: Date,
): Promise<{ id: number; name: string } | undefined> {
  return db
    .selectFrom('lans')
    .select(['id', 'name'])
    .where('is_active', '=', true)
    .where('end_date', '>=', now.toISOString())
    .orderBy('start_date')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}
