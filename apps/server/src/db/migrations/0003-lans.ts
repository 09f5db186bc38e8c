import type { Kysely } from 'kysely';
import { dialectOf, timestampType } from '../columns.ts';

/**
 * Lans and their subscribers. Money is integer cents. One subscription per user per lan
 * is a unique index, so two requests at once cannot both subscribe.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  const timestamp = timestampType(dialect);
  const serial = dialect === 'postgres' ? 'serial' : 'integer';

  await db.schema
    .createTable('lans')
    .addColumn('id', serial, (column) =>
      dialect === 'postgres' ? column.primaryKey() : column.primaryKey().autoIncrement(),
    )
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('description', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('start_date', timestamp, (column) => column.notNull())
    .addColumn('end_date', timestamp, (column) => column.notNull())
    .addColumn('is_active', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('maximum_subscribers', 'integer', (column) => column.notNull())
    .addColumn('price_cents', 'integer', (column) => column.notNull())
    .addColumn('members_price_cents', 'integer', (column) => column.notNull())
    .addColumn('location_invoice_number', 'text')
    .addColumn('location_is_payed', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('creation_date', timestamp, (column) => column.notNull())
    .addColumn('modification_date', timestamp, (column) => column.notNull())
    .execute();
  await db.schema.createIndex('lans_start_date_index').on('lans').column('start_date').execute();
  await db.schema.createIndex('lans_end_date_index').on('lans').column('end_date').execute();

  await db.schema
    .createTable('subscribers')
    .addColumn('id', serial, (column) =>
      dialect === 'postgres' ? column.primaryKey() : column.primaryKey().autoIncrement(),
    )
    .addColumn('lan_id', 'integer', (column) =>
      column.notNull().references('lans.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('present', 'boolean')
    .addColumn('creation_date', timestamp, (column) => column.notNull())
    .addColumn('modification_date', timestamp, (column) => column.notNull())
    .addUniqueConstraint('subscribers_lan_user_unique', ['lan_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('subscribers_lan_status_index')
    .on('subscribers')
    .columns(['lan_id', 'status'])
    .execute();
  await db.schema
    .createIndex('subscribers_user_index')
    .on('subscribers')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('subscribers').execute();
  await db.schema.dropTable('lans').execute();
}
