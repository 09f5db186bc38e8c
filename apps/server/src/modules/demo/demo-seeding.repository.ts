import type { SubscriberStatus } from '@lanparty/contract';
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
export async function insertDemoSubscriber(
  trx: Executor,
  subscriber: {
    lanId: number;
    userId: number;
    status: SubscriberStatus;
    present: boolean | null;
    amountDueCents: number | null;
    checkInCode: string;
    at: Date;
  },
): Promise<void> {
  await trx
    .insertInto('subscribers')
    .values({
      lan_id: subscriber.lanId,
      user_id: subscriber.userId,
      status: subscriber.status,
      present: subscriber.present,
      amount_due_cents: subscriber.amountDueCents,
      check_in_code: subscriber.checkInCode,
      creation_date: subscriber.at.toISOString(),
      modification_date: subscriber.at.toISOString(),
    })
    .execute();
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

/** Games, named, unless a game of that id is there already. */
export async function insertNamedGamesIfMissing(
  db: Executor,
  games: readonly { id: number; name: string }[],
  now: Date,
): Promise<void> {
  await db
    .insertInto('games')
    .values(
      games.map((game) => ({
        id: game.id,
        name: game.name,
        icon_hash: null,
        is_named: true,
        creation_date: now.toISOString(),
        modification_date: now.toISOString(),
      })),
    )
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}

/** Bulk inserts of generated playtime, `rowsPerInsert` rows a statement. */
export async function insertRowsInChunks<
  Table extends 'playtimes' | 'playtime_months' | 'player_totals',
>(trx: Executor, table: Table, rows: readonly object[], rowsPerInsert: number): Promise<void> {
  for (let start = 0; start < rows.length; start += rowsPerInsert)
    await trx
      .insertInto(table)
      .values(rows.slice(start, start + rowsPerInsert) as never)
      .execute();
}
