import { type Kysely, sql } from 'kysely';
import { dialectOf, timestampType } from '../columns.ts';

/**
 * Notices (issue 53 §4): what the site tells a person — a status change, a badge earned, an
 * announcement of a lan they hold a place at — in one list of theirs, each seen or not.
 * Every notice made or marked seen writes a `notice` event {userId}, heard by that person's
 * own streams alone (event-hub.ts), so the bell of every open tab follows at once. A
 * person's notices go with them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  const timestamp = timestampType(dialect);
  await db.schema
    .createTable('notices')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (column) =>
      dialect === 'postgres' ? column.primaryKey() : column.primaryKey().autoIncrement(),
    )
    .addColumn('user_id', 'integer', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('text', 'text', (column) => column.notNull())
    .addColumn('link', 'text')
    .addColumn('is_seen', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('creation_date', timestamp, (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('notices_user_index')
    .on('notices')
    .columns(['user_id', 'id'])
    .execute();

  if (dialect === 'postgres') {
    await sql`
      create function notices_raise_event() returns trigger
      language plpgsql set search_path from current as $$
      begin
        insert into events (kind, user_id, creation_date) values ('notice', new.user_id, now());
        perform pg_notify('lanparty_events', '');
        return null;
      end
      $$`.execute(db);
    await sql`
      create trigger notices_raise_event
      after insert or update on notices
      for each row execute function notices_raise_event()`.execute(db);
    return;
  }
  const now = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
  for (const operation of ['insert', 'update'] as const)
    await sql`
      create trigger ${sql.raw(`notices_${operation}_raises_event`)}
      after ${sql.raw(operation)} on notices
      begin
        insert into events (kind, user_id, creation_date) values ('notice', new.user_id, ${sql.raw(now)});
      end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`drop trigger notices_raise_event on notices`.execute(db);
    await sql`drop function notices_raise_event()`.execute(db);
  }
  await db.schema.dropTable('notices').execute();
}
