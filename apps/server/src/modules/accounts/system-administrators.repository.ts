import { sql } from 'kysely';
import { dialectOf } from '../../db/columns.ts';
import type { Executor } from '../../db/executor.ts';

/** The advisory lock of the site's system administrators (any number no other lock uses). */
const systemAdministratorsLockKey = 7_305_301;

/**
 * Inside a transaction: makes the changes that could take the site's last system
 * administrator (an erasure, a role taken) take turns until it ends, so the later one, once
 * it holds the lock, sees what the first committed. Advisory locks belong to the whole
 * PostgreSQL database, so the schema's name is part of the key. SQLite has one writer at a
 * time, from a transaction's first write on: call this after the transaction has written.
 */
export async function lockSystemAdministrators(trx: Executor): Promise<void> {
  if (dialectOf(trx as never) !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(${systemAdministratorsLockKey}, hashtext(current_schema()))`.execute(
    trx,
  );
}

/** Whether the user holds SystemAdministrator now. */
export async function isSystemAdministrator(db: Executor, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('user_roles')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('role', '=', 'SystemAdministrator')
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether anyone but this user, not erased, holds SystemAdministrator. */
export async function hasOtherSystemAdministrator(db: Executor, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('user_roles')
    .innerJoin('users', 'users.id', 'user_roles.user_id')
    .select('users.id')
    .where('user_roles.role', '=', 'SystemAdministrator')
    .where('users.id', '!=', userId)
    .where('users.erased_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
