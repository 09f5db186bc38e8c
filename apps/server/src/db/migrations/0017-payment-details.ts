import type { Kysely } from 'kysely';
import { dialectOf, timestampType } from '../columns.ts';

/**
 * Payment details and the mails of status changes (issue 32, decision 034):
 *
 * - `lan_payment_details`: a lan's own payment details (account holder, IBAN, reference
 *   template, contact e-mail), used whole; no row: the defaults (the `paymentDetails`
 *   setting) apply.
 * - `outbox.thread_key`: messages about one thing (a subscription's status) form a thread;
 *   the next change cancels the thread's message that is not yet due (`cancelled_at`).
 *   `thread_origin`: what the receiver knew before the thread's untold changes, so a
 *   change back to it queues nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = timestampType(dialectOf(db));

  await db.schema
    .createTable('lan_payment_details')
    .addColumn('lan_id', 'integer', (column) =>
      column.primaryKey().references('lans.id').onDelete('cascade'),
    )
    .addColumn('account_holder', 'text')
    .addColumn('iban', 'text')
    .addColumn('reference', 'text')
    .addColumn('contact_email', 'text')
    .addColumn('modification_date', timestamp, (column) => column.notNull())
    .execute();

  await db.schema.alterTable('outbox').addColumn('thread_key', 'text').execute();
  await db.schema.alterTable('outbox').addColumn('thread_origin', 'text').execute();
  await db.schema.alterTable('outbox').addColumn('cancelled_at', timestamp).execute();
  await db.schema.createIndex('outbox_thread_index').on('outbox').column('thread_key').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('outbox_thread_index').execute();
  await db.schema.alterTable('outbox').dropColumn('cancelled_at').execute();
  await db.schema.alterTable('outbox').dropColumn('thread_origin').execute();
  await db.schema.alterTable('outbox').dropColumn('thread_key').execute();
  await db.schema.dropTable('lan_payment_details').execute();
}
