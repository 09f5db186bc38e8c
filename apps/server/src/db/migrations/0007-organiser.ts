import type { Kysely } from 'kysely';
import { createCheckInCode } from '../../lib/check-in-code.ts';
import { dialectOf, timestampType } from '../columns.ts';

/**
 * What an organiser runs a lan with (issue 12):
 *
 * - `subscribers.amount_due_cents`: what a subscriber owes, fixed when they take a place
 *   (Accepted or Paid); null while Pending or Denied. Existing places get today's price.
 * - `subscribers.check_in_code`: the personal, unguessable code of the ticket (unique).
 * - `lan_messages`: messages sent to a lan's participants; an `Idempotency-Key` is unique
 *   per lan, so a retried send finds the first one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  const timestamp = timestampType(dialect);
  const serial = dialect === 'postgres' ? 'serial' : 'integer';

  await db.schema.alterTable('subscribers').addColumn('amount_due_cents', 'integer').execute();
  await db.schema.alterTable('subscribers').addColumn('check_in_code', 'text').execute();

  // biome-ignore lint/suspicious/noExplicitAny: the migration's tables are not typed
  const typed = db as Kysely<any>;
  const places = await typed
    .selectFrom('subscribers')
    .innerJoin('lans', 'lans.id', 'subscribers.lan_id')
    .select([
      'subscribers.id',
      'subscribers.status',
      'lans.price_cents',
      'lans.members_price_cents',
      (eb) =>
        eb
          .exists(
            eb
              .selectFrom('user_roles')
              .select('user_roles.user_id')
              .whereRef('user_roles.user_id', '=', 'subscribers.user_id')
              .where('user_roles.role', '=', 'Member'),
          )
          .as('is_member'),
    ])
    .execute();
  for (const place of places) {
    const isPlace = place.status === 'Accepted' || place.status === 'Paid';
    const isMember = place.is_member === true || place.is_member === 1;
    await typed
      .updateTable('subscribers')
      .set({
        check_in_code: createCheckInCode(),
        amount_due_cents: isPlace
          ? isMember
            ? place.members_price_cents
            : place.price_cents
          : null,
      })
      .where('id', '=', place.id)
      .execute();
  }
  await db.schema
    .createIndex('subscribers_check_in_code_unique')
    .on('subscribers')
    .column('check_in_code')
    .unique()
    .execute();

  await db.schema
    .createTable('lan_messages')
    .addColumn('id', serial, (column) =>
      dialect === 'postgres' ? column.primaryKey() : column.primaryKey().autoIncrement(),
    )
    .addColumn('lan_id', 'integer', (column) =>
      column.notNull().references('lans.id').onDelete('cascade'),
    )
    .addColumn('sender_user_id', 'integer', (column) =>
      column.references('users.id').onDelete('set null'),
    )
    .addColumn('sender_nickname', 'text', (column) => column.notNull())
    .addColumn('subject', 'text', (column) => column.notNull())
    .addColumn('body', 'text', (column) => column.notNull())
    // JSON arrays: the statuses written to and the nicknames that had no verified address.
    .addColumn('statuses', 'text', (column) => column.notNull())
    .addColumn('chat', 'boolean', (column) => column.notNull())
    .addColumn('recipients', 'integer', (column) => column.notNull())
    .addColumn('unreachable', 'text', (column) => column.notNull())
    .addColumn('idempotency_key', 'text')
    .addColumn('creation_date', timestamp, (column) => column.notNull())
    .addUniqueConstraint('lan_messages_idempotency_unique', ['lan_id', 'idempotency_key'])
    .execute();
  await db.schema
    .createIndex('lan_messages_lan_index')
    .on('lan_messages')
    .columns(['lan_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('lan_messages').execute();
  await db.schema.dropIndex('subscribers_check_in_code_unique').execute();
  await db.schema.alterTable('subscribers').dropColumn('check_in_code').execute();
  await db.schema.alterTable('subscribers').dropColumn('amount_due_cents').execute();
}
