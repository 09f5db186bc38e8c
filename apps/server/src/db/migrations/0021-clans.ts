import { type Kysely, sql } from 'kysely';
import { dialectOf, timestampType } from '../columns.ts';

/**
 * Clans (issue 34):
 *
 * - `clans`: a name and a tag, each unique by its key (`clanKey`: without case and
 *   surrounding spaces, the index refuses the second of two at once), a colour, and the
 *   invite code of its link (≥ 128 random bits, unique).
 * - `clan_members`: a person is in at most one clan (the primary key is the user); a clan
 *   has at most one leader (a partial unique index), the database's guarantee when two
 *   hand-overs race.
 *
 * A clan stands beside its members' nicknames in every list of people, so both tables
 * raise the `lans` data version (kept answers are built again) and write a `clan` event
 * (`events.clan_id`) for open tabs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  const timestamp = timestampType(dialect);
  await db.schema
    .createTable('clans')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (column) =>
      dialect === 'postgres' ? column.primaryKey() : column.primaryKey().autoIncrement(),
    )
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('name_key', 'text', (column) => column.notNull().unique())
    .addColumn('tag', 'text', (column) => column.notNull())
    .addColumn('tag_key', 'text', (column) => column.notNull().unique())
    .addColumn('colour', 'text', (column) => column.notNull())
    .addColumn('invite_code', 'text', (column) => column.notNull().unique())
    .addColumn('creation_date', timestamp, (column) => column.notNull())
    .addColumn('modification_date', timestamp, (column) => column.notNull())
    .execute();
  await db.schema
    .createTable('clan_members')
    .addColumn('user_id', 'integer', (column) =>
      column.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('clan_id', 'integer', (column) =>
      column.notNull().references('clans.id').onDelete('cascade'),
    )
    .addColumn('role', 'text', (column) => column.notNull())
    .addColumn('joined_date', timestamp, (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('clan_members_clan_index')
    .on('clan_members')
    .column('clan_id')
    .execute();
  await db.schema
    .createIndex('clan_members_one_leader')
    .on('clan_members')
    .column('clan_id')
    .unique()
    .where(sql.ref('role'), '=', 'leader')
    .execute();

  await db.schema.alterTable('events').addColumn('clan_id', 'integer').execute();

  if (dialect === 'postgres') {
    for (const table of ['clans', 'clan_members']) {
      await sql`
        create constraint trigger ${sql.raw(`${table}_raise_lans_version`)}
        after insert or update or delete on ${sql.table(table)}
        deferrable initially deferred
        for each row execute function raise_lans_data_version()`.execute(db);
    }
    for (const [table, id] of [
      ['clans', 'id'],
      ['clan_members', 'clan_id'],
    ] as const) {
      await sql`
        create function ${sql.raw(`${table}_raise_event`)}() returns trigger
        language plpgsql set search_path from current as $$
        declare row record;
        begin
          if tg_op = 'DELETE' then row := old; else row := new; end if;
          insert into events (kind, clan_id, creation_date)
            values ('clan', row.${sql.raw(id)}, now());
          perform pg_notify('lanparty_events', '');
          return null;
        end
        $$`.execute(db);
      await sql`
        create trigger ${sql.raw(`${table}_raise_event`)}
        after insert or update or delete on ${sql.table(table)}
        for each row execute function ${sql.raw(`${table}_raise_event`)}()`.execute(db);
    }
    return;
  }
  const now = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
  for (const [table, id] of [
    ['clans', 'id'],
    ['clan_members', 'clan_id'],
  ] as const) {
    for (const operation of ['insert', 'update', 'delete'] as const) {
      const row = operation === 'delete' ? 'old' : 'new';
      await sql`
        create trigger ${sql.raw(`${table}_${operation}_raises_event`)}
        after ${sql.raw(operation)} on ${sql.table(table)}
        begin
          update data_versions set version = version + 1 where name = 'lans';
          insert into events (kind, clan_id, creation_date)
            values ('clan', ${sql.raw(`${row}.${id}`)}, ${sql.raw(now)});
        end`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    for (const table of ['clan_members', 'clans']) {
      await sql`drop trigger ${sql.raw(`${table}_raise_event`)} on ${sql.table(table)}`.execute(db);
      await sql`drop function ${sql.raw(`${table}_raise_event`)}()`.execute(db);
      await sql`drop trigger ${sql.raw(`${table}_raise_lans_version`)} on ${sql.table(table)}`.execute(
        db,
      );
    }
  }
  // SQLite drops a table's triggers with it.
  await db.schema.dropTable('clan_members').execute();
  await db.schema.dropTable('clans').execute();
  await db.schema.alterTable('events').dropColumn('clan_id').execute();
}
