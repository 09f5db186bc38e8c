import { type Kysely, sql } from 'kysely';
import { dialectOf, timestampType } from '../columns.ts';

/**
 * A lan's screens (issue 35): a TV or projector at the lan opens a screen's link, whose
 * secret is kept only as its SHA-256 (a copy of the database opens no screen). Making one
 * or switching it off writes a `screen` event {lanId}, which only that lan's screens hear:
 * a switched-off screen goes blank within a second. And a person's choice to keep what
 * they play off the lan's screens and its now-playing board.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  const timestamp = timestampType(dialect);
  await db.schema
    .alterTable('users')
    .addColumn('shows_on_screens', 'boolean', (column) => column.notNull().defaultTo(true))
    .execute();
  await db.schema
    .createTable('screens')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (column) =>
      dialect === 'postgres' ? column.primaryKey() : column.primaryKey().autoIncrement(),
    )
    .addColumn('lan_id', 'integer', (column) =>
      column.notNull().references('lans.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('slides', 'text', (column) => column.notNull())
    .addColumn('rotation_seconds', 'integer', (column) =>
      column.notNull().check(sql`rotation_seconds between 5 and 120`),
    )
    .addColumn('creation_date', timestamp, (column) => column.notNull())
    .execute();
  await db.schema.createIndex('screens_lan_index').on('screens').column('lan_id').execute();
  // Now playing reads the sessions of a lan's players since the lan began.
  await db.schema
    .createIndex('play_sessions_user_seen_index')
    .on('play_sessions')
    .columns(['user_id', 'last_seen_at'])
    .execute();

  if (dialect === 'postgres') {
    await sql`
      create function screens_raise_event() returns trigger
      language plpgsql set search_path from current as $$
      declare row record;
      begin
        if tg_op = 'DELETE' then row := old; else row := new; end if;
        insert into events (kind, lan_id, is_hidden, creation_date)
          values ('screen', row.lan_id, true, now());
        perform pg_notify('lanparty_events', '');
        return null;
      end
      $$`.execute(db);
    await sql`
      create trigger screens_raise_event
      after insert or update or delete on screens
      for each row execute function screens_raise_event()`.execute(db);
    return;
  }
  const now = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
  for (const operation of ['insert', 'update', 'delete'] as const) {
    const row = operation === 'delete' ? 'old' : 'new';
    await sql`
      create trigger ${sql.raw(`screens_${operation}_raises_event`)}
      after ${sql.raw(operation)} on screens
      begin
        insert into events (kind, lan_id, is_hidden, creation_date)
          values ('screen', ${sql.raw(`${row}.lan_id`)}, 1, ${sql.raw(now)});
      end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`drop trigger screens_raise_event on screens`.execute(db);
    await sql`drop function screens_raise_event()`.execute(db);
  }
  await db.schema.dropTable('screens').execute();
  await db.schema.dropIndex('play_sessions_user_seen_index').execute();
  await db.schema.alterTable('users').dropColumn('shows_on_screens').execute();
}
