import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { dialectOf, timestampType } from '../columns.ts';

/**
 * Food rounds (issue 54): a lan's order rounds, their menus and the orders. A round is open
 * until `closes_at` by the server's clock, or `cancelled_at`; `arrived_at` when the food
 * was said to be here. Prices are whole cents; an order line keeps the price of its item
 * and choices as ordered. An item or choice that was ordered stays
 * (`is_removed` takes it off the menu), so an order always reads as it was placed. An
 * order is one person's per round; once the person is erased, their paid orders of rounds
 * past stay with `user_id` null.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  const timestamp = timestampType(dialect);
  const id = dialect === 'postgres' ? 'serial' : 'integer';
  const primaryKey = (column: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? column.primaryKey() : column.primaryKey().autoIncrement();
  await db.schema
    .createTable('food_rounds')
    .addColumn('id', id, primaryKey)
    .addColumn('lan_id', 'integer', (column) =>
      column.notNull().references('lans.id').onDelete('cascade'),
    )
    .addColumn('supplier', 'text', (column) => column.notNull())
    .addColumn('closes_at', timestamp, (column) => column.notNull())
    .addColumn('max_per_person', 'integer')
    .addColumn('cancelled_at', timestamp)
    .addColumn('arrived_at', timestamp)
    .addColumn('creation_date', timestamp, (column) => column.notNull())
    .execute();
  await db.schema.createIndex('food_rounds_lan_index').on('food_rounds').column('lan_id').execute();

  await db.schema
    .createTable('food_items')
    .addColumn('id', id, primaryKey)
    .addColumn('round_id', 'integer', (column) =>
      column.notNull().references('food_rounds.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('price_cents', 'integer', (column) => column.notNull())
    .addColumn('position', 'integer', (column) => column.notNull())
    .addColumn('is_removed', 'boolean', (column) => column.notNull().defaultTo(false))
    .execute();
  await db.schema
    .createIndex('food_items_round_index')
    .on('food_items')
    .column('round_id')
    .execute();

  await db.schema
    .createTable('food_choices')
    .addColumn('id', id, primaryKey)
    .addColumn('item_id', 'integer', (column) =>
      column.notNull().references('food_items.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('price_cents', 'integer', (column) => column.notNull())
    .addColumn('position', 'integer', (column) => column.notNull())
    .addColumn('is_removed', 'boolean', (column) => column.notNull().defaultTo(false))
    .execute();
  await db.schema
    .createIndex('food_choices_item_index')
    .on('food_choices')
    .column('item_id')
    .execute();

  await db.schema
    .createTable('food_orders')
    .addColumn('id', id, primaryKey)
    .addColumn('round_id', 'integer', (column) =>
      column.notNull().references('food_rounds.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (column) => column.references('users.id').onDelete('set null'))
    .addColumn('total_cents', 'integer', (column) => column.notNull())
    .addColumn('is_paid', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('creation_date', timestamp, (column) => column.notNull())
    .addColumn('modification_date', timestamp, (column) => column.notNull())
    .addUniqueConstraint('food_orders_round_user_unique', ['round_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('food_orders_user_index')
    .on('food_orders')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('food_order_lines')
    .addColumn('id', id, primaryKey)
    .addColumn('order_id', 'integer', (column) =>
      column.notNull().references('food_orders.id').onDelete('cascade'),
    )
    .addColumn('item_id', 'integer', (column) => column.notNull().references('food_items.id'))
    .addColumn('position', 'integer', (column) => column.notNull())
    .addColumn('quantity', 'integer', (column) => column.notNull())
    .addColumn('unit_price_cents', 'integer', (column) => column.notNull())
    .addColumn('note', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('food_order_lines_order_index')
    .on('food_order_lines')
    .column('order_id')
    .execute();

  await db.schema
    .createTable('food_order_line_choices')
    .addColumn('line_id', 'integer', (column) =>
      column.notNull().references('food_order_lines.id').onDelete('cascade'),
    )
    .addColumn('choice_id', 'integer', (column) => column.notNull().references('food_choices.id'))
    .addPrimaryKeyConstraint('food_order_line_choices_key', ['line_id', 'choice_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'food_order_line_choices',
    'food_order_lines',
    'food_orders',
    'food_choices',
    'food_items',
    'food_rounds',
  ])
    await db.schema.dropTable(table).execute();
}
