import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../columns.ts';

/**
 * A data version for a lan's news (issue 35): its schedule and announcements. Every open
 * lan page and screen reads the announcements again when one is posted, a thousand reads
 * within the second; kept answers (decision 023) serve them from one build while nothing
 * changed, as the seat map's are (0022).
 */
const tables = ['schedule_items', 'announcements'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`insert into data_versions (name, version) values ('news', 0)`.execute(db);
  const raise = `update data_versions set version = version + 1 where name = 'news';`;
  if (dialectOf(db) === 'postgres') {
    await sql`
      create function raise_news_data_version() returns trigger
      language plpgsql set search_path from current as $$
      begin
        ${sql.raw(raise)}
        return null;
      end
      $$`.execute(db);
    for (const table of tables)
      await sql`
        create trigger ${sql.raw(`${table}_raise_news_version`)}
        after insert or update or delete on ${sql.table(table)}
        for each statement execute function raise_news_data_version()`.execute(db);
    return;
  }
  for (const table of tables)
    for (const operation of ['insert', 'update', 'delete'] as const)
      await sql`
        create trigger ${sql.raw(`${table}_${operation}_raises_news_version`)}
        after ${sql.raw(operation)} on ${sql.table(table)}
        begin
          ${sql.raw(raise)}
        end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    for (const table of tables)
      await sql`drop trigger ${sql.raw(`${table}_raise_news_version`)} on ${sql.table(table)}`.execute(
        db,
      );
    await sql`drop function raise_news_data_version()`.execute(db);
  } else {
    for (const table of tables)
      for (const operation of ['insert', 'update', 'delete'] as const)
        await sql`drop trigger ${sql.raw(`${table}_${operation}_raises_news_version`)}`.execute(db);
  }
  await sql`delete from data_versions where name = 'news'`.execute(db);
}
