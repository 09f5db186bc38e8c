import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import { dialectOf, timestampType } from '../columns.ts';

/**
 * Food rounds (issue 54): a lan's order rounds, their menus and the orders. A round is open
 * until `closes_at` by the server's clock, or `cancelled_at`; `arrived_at` when the food
 * was said to be here. Prices are whole cents; an order line keeps the price of its item
 * and choices as ordered. An item or choice that was ordered stays
 * (`is_removed` takes it off the menu), so an order always reads as it was placed. An
 * order is one person's per round; once the person is erased, their paid orders of rounds
 * past stay with `user_id` null.
 *
 * Live updates: a change of a round writes a `food` event {lanId} (hidden while the lan is
 * inactive, as its other events are), so open lan pages and screens read the rounds again;
 * a change of an order writes one only lan administrators' streams get (`is_hidden`), so
 * the organiser's totals follow the orders without every tab of the hall reading the
 * rounds again at each of the last minute's orders.
 */
const lanIsHidden = (id: string) =>
  `coalesce((select not is_active from lans where id = ${id}), true)`;

/** Which lan an order's event concerns, and that it is for lan administrators. */
const raisers = {
  food_rounds: { lanId: (row: string) => `${row}.lan_id`, isHidden: lanIsHidden },
  food_orders: {
    lanId: (row: string) => `(select lan_id from food_rounds where id = ${row}.round_id)`,
    isHidden: () => 'true',
  },
} as const;
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

  for (const [table, { lanId, isHidden }] of Object.entries(raisers)) {
    if (dialect === 'postgres') {
      await sql`
        create function ${sql.raw(`${table}_raise_event`)}() returns trigger
        language plpgsql set search_path from current as $$
        declare row record;
        begin
          if tg_op = 'DELETE' then row := old; else row := new; end if;
          insert into events (kind, lan_id, is_hidden, creation_date)
            values ('food', ${sql.raw(lanId('row'))}, ${sql.raw(isHidden(lanId('row')))}, now());
          perform pg_notify('lanparty_events', '');
          return null;
        end
        $$`.execute(db);
      await sql`
        create trigger ${sql.raw(`${table}_raise_event`)}
        after insert or update or delete on ${sql.raw(table)}
        for each row execute function ${sql.raw(`${table}_raise_event`)}()`.execute(db);
      continue;
    }
    const now = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
    for (const operation of ['insert', 'update', 'delete'] as const) {
      const row = operation === 'delete' ? 'old' : 'new';
      await sql`
        create trigger ${sql.raw(`${table}_${operation}_raises_event`)}
        after ${sql.raw(operation)} on ${sql.raw(table)}
        begin
          insert into events (kind, lan_id, is_hidden, creation_date)
            values ('food', ${sql.raw(lanId(row))},
              ${sql.raw(isHidden(lanId(row)))}, ${sql.raw(now)});
        end`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres')
    for (const table of Object.keys(raisers)) {
      await sql`drop trigger ${sql.raw(`${table}_raise_event`)} on ${sql.raw(table)}`.execute(db);
      await sql`drop function ${sql.raw(`${table}_raise_event`)}()`.execute(db);
    }
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
