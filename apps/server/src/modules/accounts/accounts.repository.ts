import { createHash } from 'node:crypto';
import { type Role, roleNames } from '@lanparty/contract';
import type { Selectable } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import { queryOnce } from '../../db/query-once.ts';
import type { UsersTable } from '../../db/schema.ts';

// The user rows and their roles: what auth, identity and every module that knows people
// read. It sits below them all (users, auth, identity) so none of them import each other for it.

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

/** Of these users, those whose account stands (not erased). */
export async function findStandingUserIds(
  db: Executor,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('erased_at', 'is', null)
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((row) => row.id));
}

export async function findUserBySubject(
  db: Executor,
  subject: string,
): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('subject', '=', subject).executeTakeFirst();
}

/** Users with their roles, one row per role (a user without roles: one row, role null). */
function usersWithRoles(db: Executor) {
  return db
    .selectFrom('users')
    .leftJoin('user_roles', 'user_roles.user_id', 'users.id')
    .selectAll('users')
    .select('user_roles.role');
}

const userWithRolesBySubject = queryOnce((db, values: { subject: string }) =>
  usersWithRoles(db).where('users.subject', '=', values.subject),
);

/** A user with their roles: who is asking. */
export type UserWithRoles = { user: UserRow; roles: Role[] };

/**
 * The users behind subjects with their roles, in one query (one row per role), by subject
 * (a subject nobody has is missing): who is asking, on every request that needs to know
 * after a change, for all requests arriving together.
 */
export async function findUsersWithRolesBySubjects(
  db: Executor,
  subjects: readonly string[],
): Promise<Map<string, UserWithRoles>> {
  const [only] = subjects;
  const rows =
    subjects.length === 1 && only !== undefined
      ? await userWithRolesBySubject(db, { subject: only })
      : subjects.length === 0
        ? []
        : await usersWithRoles(db).where('users.subject', 'in', subjects).execute();
  const found = new Map<string, UserWithRoles>();
  for (const { role, ...user } of rows) {
    if (user.subject === null) continue;
    let known = found.get(user.subject);
    if (!known) {
      known = { user, roles: [] };
      found.set(user.subject, known);
    }
    if (role !== null) known.roles.push(role);
  }
  for (const known of found.values()) sortRoles(known.roles);
  return found;
}

/** Roles in the contract's order. */
function sortRoles(roles: Role[]): Role[] {
  return roles.sort((a, b) => roleNames.indexOf(a) - roleNames.indexOf(b));
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
  for (const row of rows) byUser.get(row.user_id)?.push(row.role);
  for (const roles of byUser.values()) sortRoles(roles);
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

/** Gives a user known from before (e.g. by Steam id) the subject of their first sign-in. */
export async function linkSubject(
  db: Executor,
  userId: number,
  subject: string,
  now = new Date(),
): Promise<UserRow> {
  return db
    .updateTable('users')
    .set({ subject, modification_date: now.toISOString() })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The profile fields of a user created with them (demo people); `modification_date` is `now`. */
export type ProfileFields = {
  firstName: string;
  surname: string;
  city: string;
  birthDate: string | null;
  isEmailActivated: boolean;
};

export async function setProfileFields(
  db: Executor,
  userId: number,
  profile: ProfileFields,
  now = new Date(),
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      first_name: profile.firstName,
      surname: profile.surname,
      city: profile.city,
      birth_date: profile.birthDate,
      is_email_activated: profile.isEmailActivated,
      modification_date: now.toISOString(),
    })
    .where('id', '=', userId)
    .execute();
}

/**
 * What an erased account keeps of its subject (issue 36): its SHA-256, so an old token's
 * subject is known as erased (refused, not made a new person) without the identity
 * provider's id for the person staying behind.
 */
export function erasedSubjectOf(subject: string): string {
  return `erased:${createHash('sha256').update(subject).digest('hex')}`;
}
