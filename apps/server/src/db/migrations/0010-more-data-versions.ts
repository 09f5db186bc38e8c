import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../columns.ts';

/**
 * Two more things a kept answer must notice (decision 013's versions, decision 023):
 *
 * - `assets` joins the `lans` group: an answer that says whether a user has an avatar or a
 *   lan a banner, and which, is stale once one is uploaded or deleted.
 * - A `playtime` version for the stats, raised when playtime is written (its rollups are
 *   written in the same transaction). Playtime arrives in bulk — a collector's sweep, the
 *   demo's history — so on PostgreSQL it is raised once per statement, not per row; its
 *   only writers take the collector's lock, so no two of them wait on each other's rows.
 *   SQLite has row triggers only: one small update per row, in the writer's transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`insert into data_versions (name, version) values ('playtime', 0)`.execute(db);
  if (dialectOf(db) === 'postgres') {
    await sql`
      create constraint trigger assets_raise_lans_version
      after insert or update or delete on assets
      deferrable initially deferred
      for each row execute function raise_lans_data_version()`.execute(db);
    await sql`
      create function raise_playtime_data_version() returns trigger language plpgsql as $$
      begin
        update data_versions set version = version + 1 where name = 'playtime';
        return null;
      end
      $$`.execute(db);
    await sql`
      create trigger playtimes_raise_playtime_version
      after insert or update or delete on playtimes
      for each statement execute function raise_playtime_data_version()`.execute(db);
    return;
  }
  for (const event of ['insert', 'update', 'delete'] as const) {
    await sql`
      create trigger ${sql.raw(`assets_${event}_raises_lans_version`)}
      after ${sql.raw(event)} on assets
      begin
        update data_versions set version = version + 1 where name = 'lans';
      end`.execute(db);
    await sql`
      create trigger ${sql.raw(`playtimes_${event}_raises_playtime_version`)}
      after ${sql.raw(event)} on playtimes
      begin
        update data_versions set version = version + 1 where name = 'playtime';
      end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`drop trigger assets_raise_lans_version on assets`.execute(db);
    await sql`drop trigger playtimes_raise_playtime_version on playtimes`.execute(db);
    await sql`drop function raise_playtime_data_version()`.execute(db);
  } else {
    for (const event of ['insert', 'update', 'delete']) {
      await sql`drop trigger ${sql.raw(`assets_${event}_raises_lans_version`)}`.execute(db);
      await sql`drop trigger ${sql.raw(`playtimes_${event}_raises_playtime_version`)}`.execute(db);
    }
  }
  await sql`delete from data_versions where name = 'playtime'`.execute(db);
}
