import { type Kysely, sql } from 'kysely';
import { dialectOf, timestampType } from '../columns.ts';

/**
 * A lan's schedule (issue 35): items with a start, an optional end, a title, an optional
 * place and a kind, kept by lan administrators. Every change writes a `schedule` event
 * {lanId} (hidden while the lan is inactive, as its other events are) so open lan pages
 * and screens read the schedule again; a lan's items go with it.
 */
const lanIsHidden = (id: string) =>
  `coalesce((select not is_active from lans where id = ${id}), true)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  const timestamp = timestampType(dialect);
  await db.schema
    .createTable('schedule_items')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (column) =>
      dialect === 'postgres' ? column.primaryKey() : column.primaryKey().autoIncrement(),
    )
    .addColumn('lan_id', 'integer', (column) =>
      column.notNull().references('lans.id').onDelete('cascade'),
    )
    .addColumn('start_date', timestamp, (column) => column.notNull())
    .addColumn('end_date', timestamp)
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('place', 'text')
    .addColumn('kind', 'text', (column) =>
      column.notNull().check(sql`kind in ('game', 'tournament', 'food', 'other')`),
    )
    .addColumn('creation_date', timestamp, (column) => column.notNull())
    .addColumn('modification_date', timestamp, (column) => column.notNull())
    .addCheckConstraint(
      'schedule_items_ends_after_start',
      sql`end_date is null or end_date >= start_date`,
    )
    .execute();
  await db.schema
    .createIndex('schedule_items_lan_index')
    .on('schedule_items')
    .columns(['lan_id', 'start_date'])
    .execute();

  if (dialect === 'postgres') {
    await sql`
      create function schedule_items_raise_event() returns trigger
      language plpgsql set search_path from current as $$
      declare row record;
      begin
        if tg_op = 'DELETE' then row := old; else row := new; end if;
        insert into events (kind, lan_id, is_hidden, creation_date)
          values ('schedule', row.lan_id, ${sql.raw(lanIsHidden('row.lan_id'))}, now());
        perform pg_notify('lanparty_events', '');
        return null;
      end
      $$`.execute(db);
    await sql`
      create trigger schedule_items_raise_event
      after insert or update or delete on schedule_items
      for each row execute function schedule_items_raise_event()`.execute(db);
    return;
  }
  const now = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
  for (const operation of ['insert', 'update', 'delete'] as const) {
    const row = operation === 'delete' ? 'old' : 'new';
    await sql`
      create trigger ${sql.raw(`schedule_items_${operation}_raises_event`)}
      after ${sql.raw(operation)} on schedule_items
      begin
        insert into events (kind, lan_id, is_hidden, creation_date)
          values ('schedule', ${sql.raw(`${row}.lan_id`)},
            ${sql.raw(lanIsHidden(`${row}.lan_id`))}, ${sql.raw(now)});
      end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`drop trigger schedule_items_raise_event on schedule_items`.execute(db);
    await sql`drop function schedule_items_raise_event()`.execute(db);
  }
  await db.schema.dropTable('schedule_items').execute();
}
