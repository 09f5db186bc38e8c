import { sql } from 'kysely';
import { dialectOf } from '../../db/columns.ts';
import type { Executor } from '../../db/executor.ts';

export type LocalAccountWithUser = {
  userId: number;
  username: string;
  passwordHash: string;
  subject: string | null;
};

/** Usernames are unique without regard to case: `Frag` and `frag` are one account. */
export function usernameKeyOf(username: string): string {
  return username.toLowerCase();
}

export async function findLocalAccountByUsername(
  db: Executor,
  username: string,
): Promise<LocalAccountWithUser | undefined> {
  const row = await db
    .selectFrom('local_accounts')
    .innerJoin('users', 'users.id', 'local_accounts.user_id')
    .select([
      'local_accounts.user_id as userId',
      'local_accounts.username as username',
      'local_accounts.password_hash as passwordHash',
      'users.subject as subject',
    ])
    .where('local_accounts.username_key', '=', usernameKeyOf(username))
    .executeTakeFirst();
  return row;
}

export async function findUsernameOfUser(
  db: Executor,
  userId: number,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('local_accounts')
    .select('username')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.username;
}

/** The password hash of a user's account, if it has a password. */
export async function findPasswordHashOfUser(
  db: Executor,
  userId: number,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('local_accounts')
    .select('password_hash')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.password_hash;
}

export async function isUsernameTaken(db: Executor, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('local_accounts')
    .select('id')
    .where('username_key', '=', usernameKeyOf(username))
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertLocalAccount(
  db: Executor,
  account: { userId: number; username: string; passwordHash: string },
  now = new Date(),
): Promise<void> {
  await db
    .insertInto('local_accounts')
    .values({
      user_id: account.userId,
      username: account.username,
      username_key: usernameKeyOf(account.username),
      password_hash: account.passwordHash,
      creation_date: now.toISOString(),
    })
    .execute();
}

/** Gives a user who has none yet the identity provider's subject. */
export async function assignSubject(db: Executor, userId: number, subject: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ subject })
    .where('id', '=', userId)
    .where('subject', 'is', null)
    .execute();
}

/** An arbitrary, fixed key for PostgreSQL's advisory lock on creating accounts. */
const accountCreationLockKey = 7_305_112_041;

/**
 * Serialises account creation until the transaction ends, so "is this the first
 * account?" is answered by one transaction at a time. PostgreSQL needs the explicit lock
 * (under READ COMMITTED two transactions would each see only their own new row);
 * SQLite runs one write transaction at a time anyway.
 */
export async function lockAccountCreation(db: Executor): Promise<void> {
  if (dialectOf(db as never) !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(${accountCreationLockKey})`.execute(db);
}

/** Whether this user has the lowest id of all: the site's first account. */
export async function isFirstUser(db: Executor, userId: number): Promise<boolean> {
  const { first } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.min('id').as('first'))
    .executeTakeFirstOrThrow();
  return Number(first) === userId;
}

export { isUniqueViolation } from '../../db/database-errors.ts';
