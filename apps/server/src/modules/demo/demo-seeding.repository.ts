import type { Role, SubscriberStatus } from '@lanparty/contract';
import { sql, type Transaction } from 'kysely';
import { dialectOf } from '../../db/columns.ts';
import type { Executor } from '../../db/executor.ts';
import type { Database } from '../../db/schema.ts';

/** The advisory lock of demo seeding (any number no other lock uses). */
const demoSeedingLockKey = 7_305_300;

/**
 * Makes demo seeding (accounts, community) take turns until the transaction ends, so
 * servers of one demo starting together on an empty PostgreSQL database seed it once:
 * the later one, once it holds the lock, finds the rows the first committed. Advisory
 * locks belong to the whole database, so the schema's name is part of the key and demo
 * sites in other schemas do not wait. SQLite runs one write transaction at a time anyway.
 */
export async function lockDemoSeeding(trx: Transaction<Database>): Promise<void> {
  if (dialectOf(trx as never) !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(${demoSeedingLockKey}, hashtext(current_schema()))`.execute(
    trx,
  );
}

/** Whether the site has any lan: the demo community is seeded only on a site without. */
export async function hasAnyLan(db: Executor): Promise<boolean> {
  const row = await db.selectFrom('lans').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** A subscription as the demo writes it, created and last changed at `at`. */
export type DemoSubscriberRow = {
  lanId: number;
  userId: number;
  status: SubscriberStatus;
  present: boolean | null;
  amountDueCents: number | null;
  checkInCode: string;
  shortCode: string;
  /** When and by whom a present one was checked in; none recorded when absent. */
  checkedIn?: { at: Date; byUserId: number | null };
  at: Date;
};

/** Rows a statement when the demo writes in bulk: well under either engine's parameter limit. */
const rowsPerInsert = 400;

/** Subscriptions in bulk, in the order given (their ids, and so waitlists, follow it). */
export async function insertDemoSubscribers(
  trx: Executor,
  subscribers: readonly DemoSubscriberRow[],
): Promise<void> {
  await insertRowsInChunks(
    trx,
    'subscribers',
    subscribers.map((subscriber) => ({
      lan_id: subscriber.lanId,
      user_id: subscriber.userId,
      status: subscriber.status,
      present: subscriber.present,
      amount_due_cents: subscriber.amountDueCents,
      check_in_code: subscriber.checkInCode,
      short_code: subscriber.shortCode,
      checked_in_at: subscriber.checkedIn?.at.toISOString() ?? null,
      checked_in_by_user_id: subscriber.checkedIn?.byUserId ?? null,
      creation_date: subscriber.at.toISOString(),
      modification_date: subscriber.at.toISOString(),
    })),
    rowsPerInsert,
  );
}

/** A demo person with a complete profile and a verified address (e-mail already normalised). */
export type DemoUserRow = {
  nickname: string;
  email: string;
  firstName: string;
  surname: string;
  city: string;
  birthDate: string;
  createdAt: string;
  lannerSince: string | null;
};

/** Users in bulk; answers their ids in the order given. */
export async function insertDemoUsers(
  trx: Executor,
  users: readonly DemoUserRow[],
): Promise<number[]> {
  const ids = new Map<string, number>();
  for (let start = 0; start < users.length; start += rowsPerInsert) {
    const rows = await trx
      .insertInto('users')
      .values(
        users.slice(start, start + rowsPerInsert).map((user) => ({
          subject: null,
          nickname: user.nickname,
          steam_id: null,
          email: user.email,
          is_email_activated: true,
          first_name: user.firstName,
          surname: user.surname,
          city: user.city,
          birth_date: user.birthDate,
          creation_date: user.createdAt,
          modification_date: user.createdAt,
          lanner_since: user.lannerSince,
        })),
      )
      .returning(['id', 'email'])
      .execute();
    for (const row of rows) ids.set(row.email ?? '', row.id);
  }
  return users.map((user) => ids.get(user.email) as number);
}

/** Roles in bulk. */
export async function insertDemoRoles(
  trx: Executor,
  roles: readonly { userId: number; role: Role }[],
): Promise<void> {
  await insertRowsInChunks(
    trx,
    'user_roles',
    roles.map(({ userId, role }) => ({ user_id: userId, role })),
    rowsPerInsert,
  );
}

/** The users of these local account usernames (lower-cased keys), by username. */
export async function findUsersOfLocalAccounts(
  trx: Executor,
  usernameKeys: readonly string[],
): Promise<Map<string, number>> {
  const rows = await trx
    .selectFrom('local_accounts')
    .select(['username_key', 'user_id'])
    .where('username_key', 'in', usernameKeys)
    .execute();
  return new Map(rows.map((row) => [row.username_key, row.user_id]));
}

/** Bulk inserts of generated rows, `rowsPerInsert` rows a statement. */
export async function insertRowsInChunks<
  Table extends
    | 'playtimes'
    | 'playtime_months'
    | 'playtime_days'
    | 'player_totals'
    | 'subscribers'
    | 'user_roles',
>(trx: Executor, table: Table, rows: readonly object[], rowsPerInsert: number): Promise<void> {
  for (let start = 0; start < rows.length; start += rowsPerInsert)
    await trx
      .insertInto(table)
      .values(rows.slice(start, start + rowsPerInsert) as never)
      .execute();
}
