import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../columns.ts';

/**
 * What changed on a seat map since a version (issue 34): an open map that hears of a pick
 * asks for the seats changed since the map it holds (GET /api/lans/{id}/seating/changes),
 * not for the whole map again, so a thousand open maps follow hundreds of picks a second.
 *
 * `seats.changed_version` is the `seating` data version of the change that last gave the
 * seat its occupant (or made it); `seat_plans.changed_version` that of the plan's last
 * save (written by the save itself). A stamp is always above every version a reader saw
 * before its change, so "the seats changed since the version I read" misses none:
 *
 * - PostgreSQL: a changed seat is marked -1, and the deferred trigger that raises the
 *   version once per transaction stamps the marked seats with the new version while it
 *   holds the `data_versions` row: stamps follow the order of commits.
 * - SQLite (one writer at a time): the trigger raises the version and stamps the seat at
 *   once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  for (const table of ['seats', 'seat_plans']) {
    await db.schema
      .alterTable(table)
      .addColumn('changed_version', 'bigint', (column) => column.notNull().defaultTo(-1))
      .execute();
    await sql`update ${sql.table(table)} set changed_version =
      (select version from data_versions where name = 'seating')`.execute(db);
  }
  await db.schema
    .createIndex('seats_changes_index')
    .on('seats')
    .columns(['lan_id', 'changed_version'])
    .execute();

  if (postgres) {
    await sql`create index seats_unstamped_index on seats (id) where changed_version = -1`.execute(
      db,
    );
    await sql`
      create or replace function raise_seating_data_version() returns trigger
      language plpgsql set search_path from current as $$
      declare raised bigint;
      begin
        if coalesce(current_setting('lanparty.seating_version_raised', true), '') = 'yes' then
          return null;
        end if;
        perform set_config('lanparty.seating_version_raised', 'yes', true);
        update data_versions set version = version + 1 where name = 'seating'
          returning version into raised;
        update seats set changed_version = raised where changed_version = -1;
        return null;
      end
      $$`.execute(db);
    await sql`
      create function seats_mark_changed() returns trigger
      language plpgsql set search_path from current as $$
      begin
        new.changed_version := -1;
        return new;
      end
      $$`.execute(db);
    await sql`
      create trigger seats_mark_changed before update of occupant_user_id on seats
      for each row when (old.occupant_user_id is distinct from new.occupant_user_id)
      execute function seats_mark_changed()`.execute(db);
    return;
  }
  const stamp = (row: string) => `
    update data_versions set version = version + 1 where name = 'seating';
    update seats set changed_version = (select version from data_versions where name = 'seating')
      where id = ${row}.id;`;
  await sql`
    create trigger seats_insert_stamps_change after insert on seats
    begin ${sql.raw(stamp('new'))} end`.execute(db);
  await sql`
    create trigger seats_update_stamps_change after update of occupant_user_id on seats
    when old.occupant_user_id is not new.occupant_user_id
    begin ${sql.raw(stamp('new'))} end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`drop trigger seats_mark_changed on seats`.execute(db);
    await sql`drop function seats_mark_changed()`.execute(db);
    await sql`
      create or replace function raise_seating_data_version() returns trigger
      language plpgsql set search_path from current as $$
      begin
        if coalesce(current_setting('lanparty.seating_version_raised', true), '') = 'yes' then
          return null;
        end if;
        perform set_config('lanparty.seating_version_raised', 'yes', true);
        update data_versions set version = version + 1 where name = 'seating';
        return null;
      end
      $$`.execute(db);
    await sql`drop index seats_unstamped_index`.execute(db);
  } else {
    await sql`drop trigger seats_insert_stamps_change`.execute(db);
    await sql`drop trigger seats_update_stamps_change`.execute(db);
  }
  await db.schema.dropIndex('seats_changes_index').execute();
  for (const table of ['seats', 'seat_plans'])
    await db.schema.alterTable(table).dropColumn('changed_version').execute();
}
