import type { Kysely } from 'kysely';
import { dialectOf, timestampType } from '../columns.ts';

/**
 * Web Push (issue 53 §4): the browsers a person asked to be notified on, each its push
 * service's endpoint and the keys that encrypt for it (RFC 8291). An endpoint belongs to one
 * browser, so to one person; subscribing it again moves it. A person's subscriptions go
 * with them. What is sent to one is queued in the outbox (channel `push`), naming only the
 * notice and the subscription, so an erased notice or a removed subscription sends nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (column) =>
      dialect === 'postgres' ? column.primaryKey() : column.primaryKey().autoIncrement(),
    )
    .addColumn('user_id', 'integer', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('endpoint', 'text', (column) => column.notNull().unique())
    .addColumn('p256dh', 'text', (column) => column.notNull())
    .addColumn('auth', 'text', (column) => column.notNull())
    .addColumn('creation_date', timestampType(dialect), (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('push_subscriptions_user_index')
    .on('push_subscriptions')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('push_subscriptions').execute();
}
