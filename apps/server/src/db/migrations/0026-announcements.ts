import { type Kysely, sql } from 'kysely';
import { dialectOf, timestampType } from '../columns.ts';

/**
 * Announcements of a lan (issue 35): a short text lan administrators post during a lan,
 * optionally pinned, optionally to the chat too. Every change writes an `announcement`
 * event {lanId} (hidden while the lan is inactive) so open lan pages and screens show it
 * within a second; a lan's announcements go with it, an author's name does not (the
 * announcement stays, unsigned).
 */
const lanIsHidden = (id: string) =>
  `coalesce((select not is_active from lans where id = ${id}), true)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  const timestamp = timestampType(dialect);
  await db.schema
    .createTable('announcements')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (column) =>
      dialect === 'postgres' ? column.primaryKey() : column.primaryKey().autoIncrement(),
    )
    .addColumn('lan_id', 'integer', (column) =>
      column.notNull().references('lans.id').onDelete('cascade'),
    )
    .addColumn('text', 'text', (column) => column.notNull())
    .addColumn('is_pinned', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('to_chat', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('author_user_id', 'integer', (column) =>
      column.references('users.id').onDelete('set null'),
    )
    .addColumn('creation_date', timestamp, (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('announcements_lan_index')
    .on('announcements')
    .columns(['lan_id', 'creation_date'])
    .execute();

  if (dialect === 'postgres') {
    await sql`
      create function announcements_raise_event() returns trigger
      language plpgsql set search_path from current as $$
      declare row record;
      begin
        if tg_op = 'DELETE' then row := old; else row := new; end if;
        insert into events (kind, lan_id, is_hidden, creation_date)
          values ('announcement', row.lan_id, ${sql.raw(lanIsHidden('row.lan_id'))}, now());
        perform pg_notify('lanparty_events', '');
        return null;
      end
      $$`.execute(db);
    await sql`
      create trigger announcements_raise_event
      after insert or update or delete on announcements
      for each row execute function announcements_raise_event()`.execute(db);
    return;
  }
  const now = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
  for (const operation of ['insert', 'update', 'delete'] as const) {
    const row = operation === 'delete' ? 'old' : 'new';
    await sql`
      create trigger ${sql.raw(`announcements_${operation}_raises_event`)}
      after ${sql.raw(operation)} on announcements
      begin
        insert into events (kind, lan_id, is_hidden, creation_date)
          values ('announcement', ${sql.raw(`${row}.lan_id`)},
            ${sql.raw(lanIsHidden(`${row}.lan_id`))}, ${sql.raw(now)});
      end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`drop trigger announcements_raise_event on announcements`.execute(db);
    await sql`drop function announcements_raise_event()`.execute(db);
  }
  await db.schema.dropTable('announcements').execute();
}
