import { type Role, roleNames, type UserProfile, type UserPublic } from '@lanparty/contract';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { toBoolean, toIsoTimestamp } from '../../db/columns.ts';
import type { Database, UsersTable } from '../../db/schema.ts';

/** A database or a transaction: repositories work inside either. */
export type Executor = Kysely<Database> | Transaction<Database>;

export type UserRow = Selectable<UsersTable>;

export type NewUser = {
  subject: string | null;
  nickname: string;
  steamId?: string | null;
  email?: string | null;
};

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserBySubject(
  db: Executor,
  subject: string,
): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('subject', '=', subject).executeTakeFirst();
}

export async function findUserBySteamId(
  db: Executor,
  steamId: string,
): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('steam_id', '=', steamId).executeTakeFirst();
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', normalizeEmail(email))
    .executeTakeFirst();
}

export async function countUsers(db: Executor): Promise<number> {
  const { count } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function insertUser(db: Executor, user: NewUser, now = new Date()): Promise<UserRow> {
  const timestamp = now.toISOString();
  return db
    .insertInto('users')
    .values({
      subject: user.subject,
      nickname: user.nickname,
      steam_id: user.steamId ?? null,
      email: user.email ? normalizeEmail(user.email) : null,
      is_email_activated: false,
      creation_date: timestamp,
      modification_date: timestamp,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findRoles(
  db: Executor,
  userIds: readonly number[],
): Promise<Map<number, Role[]>> {
  const byUser = new Map<number, Role[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byUser;
  const rows = await db
    .selectFrom('user_roles')
    .select(['user_id', 'role'])
    .where('user_id', 'in', [...userIds])
    .execute();
  for (const row of rows) byUser.get(row.user_id)?.push(row.role as Role);
  for (const roles of byUser.values())
    roles.sort((a, b) => roleNames.indexOf(a) - roleNames.indexOf(b));
  return byUser;
}

/**
 * Replaces a user's roles with exactly these. The first time a user gets Lanner or
 * Member is remembered: leaderboards show only such users, also after the role is gone.
 */
export async function replaceRoles(
  db: Executor,
  userId: number,
  roles: readonly Role[],
  now = new Date(),
): Promise<void> {
  await db.deleteFrom('user_roles').where('user_id', '=', userId).execute();
  if (roles.length === 0) return;
  await db
    .insertInto('user_roles')
    .values([...new Set(roles)].map((role) => ({ user_id: userId, role })))
    .execute();
  if (roles.includes('Lanner') || roles.includes('Member')) {
    await db
      .updateTable('users')
      .set({ lanner_since: now.toISOString() })
      .where('id', '=', userId)
      .where('lanner_since', 'is', null)
      .execute();
  }
}

/** E-mail addresses are compared without regard to case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export type UserStatsValue = UserPublic['stats'];

/** What anyone may see of a user. */
export function presentPublicUser(row: UserRow, roles: Role[], stats: UserStatsValue): UserPublic {
  return { id: row.id, nickname: row.nickname, steamId: row.steam_id, roles, stats };
}

/** The whole profile: for the user themself and for member administrators. */
export function presentUserProfile(
  row: UserRow,
  roles: Role[],
  stats: UserStatsValue,
): UserProfile {
  return {
    ...presentPublicUser(row, roles, stats),
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

export type UserListFilter = {
  userIds?: readonly number[];
  /** Users with any of these roles. */
  roles?: readonly Role[];
  /** Users with none of these roles. */
  missingRoles?: readonly Role[];
  sort?: 'nickname';
  offset: number;
  limit: number;
};

export async function listUsers(
  db: Executor,
  filter: UserListFilter,
): Promise<{ rows: UserRow[]; total: number }> {
  let query = db.selectFrom('users');
  if (filter.userIds && filter.userIds.length > 0)
    query = query.where('users.id', 'in', [...filter.userIds]);
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
    query = query.where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('user_roles')
            .select('user_roles.user_id')
            .whereRef('user_roles.user_id', '=', 'users.id')
            .where('user_roles.role', 'in', missing),
        ),
      ),
    );
  }
  const { total } = await query
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  let page = query.selectAll('users');
  page =
    filter.sort === 'nickname'
      ? page.orderBy((eb) => eb.fn('lower', ['users.nickname'])).orderBy('users.id')
      : page.orderBy('users.id');
  const rows = await page.limit(filter.limit).offset(filter.offset).execute();
  return { rows, total: Number(total) };
}

/**
 * numberOfLans and lastLanOn count lans that started before now where the user was
 * Paid and not marked absent (present true or unknown).
 */
export async function findUserStats(
  db: Executor,
  userIds: readonly number[],
  now = new Date(),
): Promise<Map<number, UserStatsValue>> {
  const stats = new Map<number, UserStatsValue>(
    userIds.map((id) => [id, { numberOfLans: 0, lastLanOn: null }]),
  );
  if (userIds.length === 0) return stats;
  const rows = await db
    .selectFrom('subscribers')
    .innerJoin('lans', 'lans.id', 'subscribers.lan_id')
    .select((eb) => [
      'subscribers.user_id',
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.max('lans.start_date').as('last'),
    ])
    .where('subscribers.user_id', 'in', [...userIds])
    .where('subscribers.status', '=', 'Paid')
    .where((eb) =>
      eb.or([eb('subscribers.present', 'is', null), eb('subscribers.present', '=', true)]),
    )
    .where('lans.start_date', '<', now.toISOString())
    .groupBy('subscribers.user_id')
    .execute();
  for (const row of rows) {
    stats.set(row.user_id, {
      numberOfLans: Number(row.count),
      lastLanOn: row.last === null ? null : toIsoTimestamp(row.last as Date | string),
    });
  }
  return stats;
}
