import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../columns.ts';

/**
 * A version number per group of tables, raised by the database itself whenever one of
 * them changes, so a cached answer can be checked with one tiny query (see
 * docs/decisions/013-lan-read-cache.md). Triggers rather than application code: no
 * write path can forget to raise it.
 *
 * `lans` covers everything a lan read shows: lans, subscribers, users and their roles.
 *
 * On PostgreSQL the version is raised at COMMIT by a deferred constraint trigger, once
 * per transaction. The row lock is then the last lock a transaction takes, so writers
 * never wait for each other in a cycle; and as it commits with the data, a reader who
 * reads the version before the data can never pair a new version with old data.
 */
const trackedTables = ['lans', 'subscribers', 'users', 'user_roles'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('data_versions')
    .addColumn('name', 'text', (column) => column.primaryKey())
    .addColumn('version', 'bigint', (column) => column.notNull().defaultTo(0))
    .execute();
  await sql`insert into data_versions (name, version) values ('lans', 0)`.execute(db);

  if (dialectOf(db) === 'postgres') {
    await sql`
      create function raise_lans_data_version() returns trigger language plpgsql as $$
      begin
        if coalesce(current_setting('lanparty.lans_version_raised', true), '') = 'yes' then
          return null;
        end if;
        perform set_config('lanparty.lans_version_raised', 'yes', true);
        update data_versions set version = version + 1 where name = 'lans';
        return null;
      end
      $$`.execute(db);
    for (const table of trackedTables) {
      await sql`
        create constraint trigger ${sql.raw(`${table}_raise_lans_version`)}
        after insert or update or delete on ${sql.table(table)}
        deferrable initially deferred
        for each row execute function raise_lans_data_version()`.execute(db);
    }
    return;
  }
  // SQLite has one writer at a time, so plain row triggers cannot deadlock.
  for (const table of trackedTables) {
    for (const event of ['insert', 'update', 'delete'] as const) {
      await sql`
        create trigger ${sql.raw(`${table}_${event}_raises_lans_version`)}
        after ${sql.raw(event)} on ${sql.table(table)}
        begin
          update data_versions set version = version + 1 where name = 'lans';
        end`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    for (const table of trackedTables)
      await sql`drop trigger ${sql.raw(`${table}_raise_lans_version`)} on ${sql.table(table)}`.execute(
        db,
      );
    await sql`drop function raise_lans_data_version()`.execute(db);
  } else {
    for (const table of trackedTables)
      for (const event of ['insert', 'update', 'delete'])
        await sql`drop trigger ${sql.raw(`${table}_${event}_raises_lans_version`)}`.execute(db);
  }
  await db.schema.dropTable('data_versions').execute();
}
