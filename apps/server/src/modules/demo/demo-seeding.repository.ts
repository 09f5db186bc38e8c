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
