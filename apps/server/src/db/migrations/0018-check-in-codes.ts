import { type Kysely, sql } from 'kysely';
import { createShortCheckInCode } from '../../lib/check-in-code.ts';
import { dialectOf, timestampType } from '../columns.ts';

/**
 * The door (issue 32, decision 035):
 *
 * - `subscribers.short_code`: 8 characters of Crockford base32 (40 random bits) to read
 *   out beside the QR code's long code; unique within a lan. Every existing subscription
 *   gets one here, as every new one does when it is made.
 * - `subscribers.checked_in_at` and `checked_in_by_user_id`: when a participant was
 *   checked in and by whom, so a second scan of the ticket (a forwarded one) says so.
 *   Presences marked before this migration keep no time: nobody recorded it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  const timestamp = timestampType(dialect);
  await db.schema.alterTable('subscribers').addColumn('short_code', 'text').execute();
  await db.schema.alterTable('subscribers').addColumn('checked_in_at', timestamp).execute();
  await db.schema
    .alterTable('subscribers')
    .addColumn('checked_in_by_user_id', 'integer', (column) =>
      column.references('users.id').onDelete('set null'),
    )
    .execute();
  // Before the codes are written: on PostgreSQL the rows' change triggers are deferred, and
  // an index cannot be made on a table with trigger events pending. Empty codes (null)
  // never clash.
  await db.schema
    .createIndex('subscribers_short_code_unique')
    .on('subscribers')
    .columns(['lan_id', 'short_code'])
    .unique()
    .execute();

  // biome-ignore lint/suspicious/noExplicitAny: the migration's tables are not typed
  const typed = db as Kysely<any>;
  const subscriptions: Array<{ id: number; lan_id: number }> = await typed
    .selectFrom('subscribers')
    .select(['id', 'lan_id'])
    .orderBy('id')
    .execute();
  const takenByLan = new Map<number, Set<string>>();
  for (const { id, lan_id: lanId } of subscriptions) {
    const taken = takenByLan.get(lanId) ?? new Set<string>();
    takenByLan.set(lanId, taken);
    let code = createShortCheckInCode();
    while (taken.has(code)) code = createShortCheckInCode();
    taken.add(code);
    await typed.updateTable('subscribers').set({ short_code: code }).where('id', '=', id).execute();
  }
  // The deferred triggers run now, not at the commit of every migration of this start: a
  // later one may change the table, which PostgreSQL refuses while their events wait.
  if (dialect === 'postgres') await sql`set constraints all immediate`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('subscribers_short_code_unique').execute();
  await db.schema.alterTable('subscribers').dropColumn('checked_in_by_user_id').execute();
  await db.schema.alterTable('subscribers').dropColumn('checked_in_at').execute();
  await db.schema.alterTable('subscribers').dropColumn('short_code').execute();
}
